/// Helpers for code printed as lists of lines.
enum Lines {
    /// Each line but the last followed by `separator`: the items of an argument list.
    static func separated(_ lines: [String], by separator: String = ",") -> [String] {
        lines.enumerated().map { $0.offset < lines.count - 1 ? $0.element + separator : $0.element }
    }

    /// Items of several lines each, as lines, with `separator` after each item but the last.
    static func separated(_ items: [[String]], by separator: String = ",") -> [String] {
        items.enumerated().flatMap { index, lines in
            index < items.count - 1 ? appending(separator, to: lines) : lines
        }
    }

    /// Items of several lines each, as lines, with `terminator` after every item (trailing commas).
    static func terminated(_ items: [[String]], by terminator: String = ",") -> [String] {
        items.flatMap { appending(terminator, to: $0) }
    }

    /// `lines` with `text` added to the last line.
    static func appending(_ text: String, to lines: [String]) -> [String] {
        lines.dropLast() + [(lines.last ?? "") + text]
    }

    /// `lines` with `text` put before the first line: a label before a value of several lines.
    static func prefixing(_ text: String, to lines: [String]) -> [String] {
        [text + (lines.first ?? "")] + lines.dropFirst()
    }

    /// `head`, then the items one level in, separated by commas (after every item when
    /// `trailingCommas`), then `close`: a call or a literal over several lines.
    static func list(_ head: String, _ items: [[String]], _ close: String, indent: String, trailingCommas: Bool = false) -> [String] {
        let body = trailingCommas ? terminated(items) : separated(items)
        return [head] + body.map { indent + $0 } + [close]
    }

    /// Lines put into a multi-line literal at a place `indent` in: joined, each after the first
    /// indented (the literal indents the first).
    static func joined(_ lines: [String], indent: String) -> String {
        lines.joined(separator: "\n" + indent)
    }

    /// Whole lines put before a declaration in a multi-line literal, such as its doc comment:
    /// each ended by a newline; nothing for none.
    static func block(_ lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    /// `lines` indented by `indent`, blank lines left blank.
    /// `open`, then the members one level in with a blank line between them, then `close`.
    static func container(_ open: [String], _ members: [[String]], _ close: String, indent: String) -> [String] {
        open + indented(Array(members.joined(separator: [""])), by: indent) + [close]
    }

    static func indented(_ lines: [String], by indent: String) -> [String] {
        lines.map { $0.isEmpty ? $0 : indent + $0 }
    }

    /// Declarations printed each on their own, as one text: a blank line between them, each
    /// without the newline it ended with.
    static func blocks(_ texts: [String]) -> String {
        String(concatenating: blockParts(texts))
    }

    /// The pieces of `blocks(texts)`, in order: to join with more text around them in one go.
    static func blockParts(_ texts: [String]) -> [Substring] {
        var parts: [Substring] = []
        parts.reserveCapacity(2 * texts.count)
        for text in texts {
            if !parts.isEmpty { parts.append("\n\n") }
            // Not `dropLast()`, which counts every character of the text first.
            parts.append(text.hasSuffix("\n") ? text[..<text.index(before: text.endIndex)] : text[...])
        }
        return parts
    }

    /// Terms joined into a condition spread over lines: `a`, `    && b`, `    && c`.
    static func conjunction(_ terms: [String], empty: String = "true") -> [String] {
        guard let first = terms.first else { return [empty] }
        return [first] + terms.dropFirst().map { "    && \($0)" }
    }
}

extension String {
    /// `parts` joined, in storage allocated once at the final size. Appending texts one by one
    /// copies the whole text each time it outgrows its storage, and a large model's file is tens
    /// of megabytes.
    init<Part: StringProtocol>(concatenating parts: [Part]) {
        self.init()
        reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count })
        for part in parts { append(contentsOf: part) }
    }

    /// The text with the first `marker` replaced: a placeholder near the top of a rendered file,
    /// found without copying the whole file as `replacingOccurrences` does.
    func replacingFirst(_ marker: String, with replacement: String) -> String {
        guard let range = firstRange(of: marker) else { return self }
        var text = self
        text.replaceSubrange(range, with: replacement)
        return text
    }
}
