import Yams

/// Reads composed YAML nodes into located values, collecting a diagnostic for every node of
/// the wrong shape and every unknown key.
struct YAMLNodeReader {
    let file: String
    private let text: String
    /// The UTF-8 offset at which each line of `text` starts.
    private let lineStarts: [Int]
    var diagnostics = DiagnosticCollector()
    /// What was left out because of a problem: see ``SchemaSyntax/skipped``.
    var skipped = SkippedDeclarations()

    init(source: SchemaSource) {
        file = source.path
        text = source.text
        lineStarts = [0] + text.utf8.enumerated().lazy.filter { $0.element == UInt8(ascii: "\n") }.map { $0.offset + 1 }
    }

    var lineCount: Int { lineStarts.count }

    /// The characters of line `number` (from 1), without its line break.
    func line(_ number: Int) -> [Unicode.Scalar] {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        let end = number < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number] - 1) : utf8.endIndex
        return Array(text[start..<end].unicodeScalars)
    }

    func location(_ node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// A locator for the characters of a scalar: exact when the scalar's text is on its line.
    func locator(for node: Node) -> TextLocator {
        let start = location(node)
        guard let scalar = node.scalar, start.line >= 1, start.line <= lineStarts.count else {
            return TextLocator(start: start, exact: false)
        }
        let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        guard scalar.style == .plain || quoted else { return TextLocator(start: start, exact: false) }
        let line = line(start.line)
        let first = start.column - 1 + (quoted ? 1 : 0)
        let value = Array(scalar.string.unicodeScalars)
        let exact = first + value.count <= line.count && Array(line[first..<first + value.count]) == value
        return TextLocator(start: start.advanced(by: quoted ? 1 : 0), exact: exact)
    }

    mutating func error(_ message: String, at node: Node) {
        diagnostics.error(message, at: location(node))
    }

    /// The entries of a mapping node in written order, or nil (and a diagnostic) if it is not one.
    mutating func mapping(_ node: Node, _ what: String) -> [(key: Located<String>, value: Node)]? {
        guard case let .mapping(mapping) = node else {
            error("\(what) must be a mapping, found \(describe(node))", at: node)
            return nil
        }
        var entries: [(key: Located<String>, value: Node)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                error("keys in \(what) must be names, found \(describe(key))", at: key)
                continue
            }
            entries.append((Located(name, at: location(key)), value))
        }
        return entries
    }

    /// The string of a scalar node, or nil (and a diagnostic) for a mapping or sequence.
    mutating func string(_ node: Node, _ what: String) -> Located<String>? {
        guard let scalar = node.scalar else {
            error("\(what) must be a string, found \(describe(node))", at: node)
            return nil
        }
        return Located(scalar.string, at: location(node))
    }

    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        guard node.scalar != nil, let value = node.bool else {
            error("\(what) must be true or false, found \(describe(node))", at: node)
            return nil
        }
        return value
    }

    /// Reports every key not in `allowed`, suggesting the closest allowed one. A key with spaces
    /// and no value right after a plain value on its line is, in `{ … }`, text a comma cut off.
    mutating func rejectUnknownKeys(_ entries: [(key: Located<String>, value: Node)], allowed: [String], in what: String) {
        for (index, entry) in entries.enumerated() where !allowed.contains(entry.key.value) {
            if index > 0, let cut = cutOffText(entry, after: entries[index - 1]) {
                diagnostics.error("'\(entry.key.value)' reads as a key: inside '{ … }' a comma ends a value; quote the text that holds it: \(entries[index - 1].key.value): \(cut)", at: entry.key.location)
                continue
            }
            let hint = Hint.closest(to: entry.key.value, in: allowed).map { "did you mean '\($0)'?" }
                ?? "expected \(Hint.list(allowed))"
            diagnostics.error("unknown key '\(entry.key.value)' in \(what); \(hint)", at: entry.key.location)
        }
    }

    /// The value `previous` had before a comma cut `entry` off it, quoted, if that is what
    /// happened: a key with spaces and no value, on the line of a plain scalar value.
    private func cutOffText(_ entry: (key: Located<String>, value: Node), after previous: (key: Located<String>, value: Node)) -> String? {
        guard entry.key.value.contains(" "), entry.value.null != nil, entry.value.scalar?.string.isEmpty == true,
              let scalar = previous.value.scalar, scalar.style == .plain, location(previous.value).line == entry.key.location.line else { return nil }
        let text = "\(scalar.string), \(entry.key.value)"
        return text.contains("\"") ? "'" + text.replacingOccurrences(of: "'", with: "''") + "'" : "\"\(text)\""
    }

    /// The YAML literal of a scalar, typed by YAML's core schema (quoted scalars are strings).
    func literal(_ node: Node) -> Literal? {
        switch node {
        case let .scalar(scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let value = node.bool { return .bool(value) }
            if let value = Int64(scalar.string) ?? node.int.map(Int64.init) { return .int(value) }
            if let value = node.float { return .double(value) }
            return .string(scalar.string)
        case let .sequence(sequence) where sequence.isEmpty:
            return .emptyList
        case let .mapping(mapping) where mapping.isEmpty:
            return .emptyMap
        default:
            return nil
        }
    }

    func describe(_ node: Node) -> String {
        switch node {
        case let .scalar(scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
