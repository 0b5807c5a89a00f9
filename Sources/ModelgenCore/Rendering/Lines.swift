/// Small helpers for lists of lines that templates print one per line.
enum Lines {
    /// Each line but the last followed by `separator`: the items of an argument list.
    static func separated(_ lines: [String], by separator: String = ",") -> [String] {
        lines.enumerated().map { $0.offset < lines.count - 1 ? $0.element + separator : $0.element }
    }

    /// Terms joined into a condition spread over lines: `a`, `    && b`, `    && c`.
    static func conjunction(_ terms: [String], empty: String = "true") -> [String] {
        guard let first = terms.first else { return [empty] }
        return [first] + terms.dropFirst().map { "    && \($0)" }
    }
}
