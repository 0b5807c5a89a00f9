/// Small helpers for lists of lines that templates print one per line.
enum Lines {
    /// Each line but the last followed by `separator`: the items of an argument list.
    static func separated(_ lines: [String], by separator: String = ",") -> [String] {
        lines.enumerated().map { $0.offset < lines.count - 1 ? $0.element + separator : $0.element }
    }

    /// Arguments of several lines each, as lines, with `separator` after each argument but the last.
    static func separated(_ arguments: [[String]], by separator: String = ",") -> [String] {
        arguments.enumerated().flatMap { index, lines in
            index < arguments.count - 1 ? lines.dropLast() + [(lines.last ?? "") + separator] : lines
        }
    }

    /// Items of several lines each, as lines, with `terminator` after every item (trailing commas).
    static func terminated(_ items: [[String]], by terminator: String = ",") -> [String] {
        items.flatMap { lines in lines.dropLast() + [(lines.last ?? "") + terminator] }
    }

    /// Declarations rendered each by a template of their own, as one text for another template:
    /// with a blank line between them, each without the newline its template ended with.
    static func blocks(_ texts: [String]) -> String {
        // Not `dropLast()`, which counts every character of the text first.
        texts.map { $0.hasSuffix("\n") ? $0[..<$0.index(before: $0.endIndex)] : $0[...] }.joined(separator: "\n\n")
    }

    /// Terms joined into a condition spread over lines: `a`, `    && b`, `    && c`.
    static func conjunction(_ terms: [String], empty: String = "true") -> [String] {
        guard let first = terms.first else { return [empty] }
        return [first] + terms.dropFirst().map { "    && \($0)" }
    }
}

extension String {
    /// The text with the first `marker` replaced: a placeholder near the top of a rendered file,
    /// found without copying the whole file as `replacingOccurrences` does.
    func replacingFirst(_ marker: String, with replacement: String) -> String {
        guard let range = firstRange(of: marker) else { return self }
        var text = self
        text.replaceSubrange(range, with: replacement)
        return text
    }
}
