import Yams

/// Turns a Yams error into a diagnostic at the line and column Yams reports.
enum YAMLErrorTranslator {
    static func diagnostic(for error: any Error, in source: SchemaSource) -> Diagnostic {
        let start = SourceLocation(file: source.path, line: 1, column: 1)
        guard let error = error as? YamlError else {
            return .error("cannot read YAML: \(error)", at: start)
        }
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: source.path, line: max(mark.line, 1), column: max(mark.column, 1))
        }
        switch error {
        case let .scanner(_, _, mark, _) where character(at: mark, in: source.text) == "\t":
            return .error("a tab character: YAML indents with spaces, never tabs", at: at(mark))
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let detail = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            // Stopped inside `{ … }` or `[ … ]` at YAML's own punctuation (not at the end, unclosed).
            let inFlow = context?.text.contains("flow mapping") == true || context?.text.contains("flow sequence") == true
            let atPunctuation = character(at: mark, in: source.text).map { "[]{},?".contains($0) } ?? false
            return .error("invalid YAML: \(problem)\(detail)\(inFlow && atPunctuation ? flowHint : "")", at: at(mark))
        case let .reader(problem, offset, _, _):
            return .error("cannot read YAML: \(problem)\(offset.map { " at byte \($0)" } ?? "")", at: start)
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.first ?? ""
            let repeated = secondOccurrence(of: key, after: context.mark, in: source.text)
            return .error("duplicate key '\(key)'", at: repeated.map { SourceLocation(file: source.path, line: $0, column: context.mark.column) } ?? at(context.mark))
        default:
            return .error("cannot read YAML: \(error)", at: start)
        }
    }

    /// Inside `{ … }` and `[ … ]`, YAML reads `[`, `]`, `{`, `}` and `,` as its own: a predicate
    /// with a list or a type like `[string]?` there must be quoted.
    static let flowHint = #"; inside '{ … }' a value holding '[', ']', '{', '}' or ',' must be quoted: where: "status in ['todo', 'review']", tags: "[string]?""#

    /// The character at a 1-based line and column, if there is one.
    private static func character(at mark: Mark, in text: String) -> Character? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let line = lines[mark.line - 1].unicodeScalars
        guard mark.column >= 1, mark.column <= line.count else { return nil }
        return Character(line[line.index(line.startIndex, offsetBy: mark.column - 1)])
    }

    /// Yams marks the first of two equal keys; the error belongs on the repeat, found as the
    /// next line with the same indentation that starts with the key. Returns its line number.
    private static func secondOccurrence(of key: String, after first: Mark, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let indent = first.column - 1
        for number in first.line..<lines.count {
            let line = Array(lines[number].unicodeScalars)
            guard line.count > indent, line[..<indent].allSatisfy({ $0 == " " }) else { continue }
            let rest = String(String.UnicodeScalarView(line[indent...]))
            if line[indent] != " ", rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                return number + 1
            }
        }
        return nil
    }
}
