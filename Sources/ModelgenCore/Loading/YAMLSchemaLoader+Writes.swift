import Foundation
import Yams

/// Reading `writes:`: each declared write is a mapping with one kind key naming its collection
/// (`create: Message`), the values it sets, an optional `check` and `doc`.
extension YAMLNodeReader {
    static let writeKinds = ["create", "update", "delete"]

    mutating func readWrite(name: Located<String>, node: Node) -> WriteSyntax? {
        guard let entries = mapping(node, "write '\(name.value)'") else { return nil }
        rejectUnknownKeys(entries, allowed: Self.writeKinds + ["set", "check", "doc"], in: "write '\(name.value)'")
        let kinds = entries.filter { Self.writeKinds.contains($0.key.value) }
        guard let kindEntry = kinds.first else {
            diagnostics.error("write '\(name.value)' needs one of \(Hint.list(Self.writeKinds)), naming its collection", at: name.location)
            return nil
        }
        for extra in kinds.dropFirst() {
            diagnostics.error("write '\(name.value)' is already a '\(kindEntry.key.value)'; it cannot also be '\(extra.key.value)'", at: extra.key.location)
        }
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        guard let collection = string(kindEntry.value, "'\(kindEntry.key.value)'") else { return nil }
        var write = WriteSyntax(name: name, kind: kindEntry.key, collection: collection)
        write.doc = value("doc").flatMap { string($0, "'doc'")?.value }
        if let checkNode = value("check") {
            guard let (check, counter) = readCheck(checkNode) else { return nil }
            write.check = check
            write.counter = counter
        }
        if let setNode = value("set") {
            guard let fields = mapping(setNode, "'set'") else { return nil }
            let values = fields.compactMap { field in readWriteValue(field.value).map { (field: field.key, value: $0) } }
            guard values.count == fields.count else { return nil }
            write.values = values
        }
        return write
    }

    /// `speakCount < 10`, or a counter's `Member[$uid].sentCount < 10`: the counter's document
    /// read off the front, and its field left, in place, for the predicate's parser.
    private mutating func readCheck(_ node: Node) -> (PredicateSyntax, CounterSyntax?)? {
        guard let text = string(node, "'check'") else { return nil }
        let locator = locator(for: node)
        guard let match = text.value.prefixMatch(of: /\s*([A-Za-z_][A-Za-z0-9_]*)\[\s*(\$?)([^\]]*?)\s*\]\s*\./) else {
            return readPredicate(node, "'check'").map { ($0, nil) }
        }
        let offset = { (index: String.Index) in text.value.unicodeScalars.distance(from: text.value.startIndex, to: index) }
        let idAt = locator.location(at: offset(match.output.2.startIndex))
        guard !match.output.2.isEmpty, parameterName("$" + match.output.3) != nil else {
            diagnostics.error("a counter's document is given by a '$parameter' holding its id, like 'Member[$uid].sentCount < 10'", at: idAt)
            return nil
        }
        let rest = String(repeating: " ", count: offset(match.range.upperBound)) + text.value[match.range.upperBound...]
        do {
            let check = try PredicateParser.parse(rest, locator: locator)
            let counter = CounterSyntax(
                collection: Located(String(match.output.1), at: locator.location(at: offset(match.output.1.startIndex))),
                id: Located(String(match.output.3), at: idAt)
            )
            return (check, counter)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// `$name`, `serverTimestamp()`, `increment(…)` (plain scalars only), or a literal: a quoted
    /// string is always a literal.
    private mutating func readWriteValue(_ node: Node) -> Located<WriteValueSyntax>? {
        let at = location(node)
        guard let scalar = node.scalar, scalar.style == .plain else {
            guard let literal = literal(node) else {
                error("a value to set must be a single value, '$parameter', 'serverTimestamp()' or 'increment(…)', found \(describe(node))", at: node)
                return nil
            }
            return Located(.literal(literal), at: at)
        }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        if text == "serverTimestamp()" { return Located(.serverTimestamp, at: at) }
        if text.hasPrefix("increment(") && text.hasSuffix(")") {
            let operand = text.dropFirst("increment(".count).dropLast().trimmingCharacters(in: .whitespaces)
            if let name = parameterName(operand) { return Located(.increment(.parameter(name)), at: at) }
            if let number = Int64(operand).map(Literal.int) ?? Double(operand).map(Literal.double) {
                return Located(.increment(.literal(number)), at: at)
            }
            error("'increment' takes a number or a '$parameter', found '\(operand)'", at: node)
            return nil
        }
        if text.hasPrefix("$") {
            guard let name = parameterName(text) else {
                error("'\(text)' is not a parameter: write '$' and a name, like '$text'", at: node)
                return nil
            }
            return Located(.parameter(name), at: at)
        }
        return literal(node).map { Located(.literal($0), at: at) }
    }

    /// `text` for `$text`, or nil unless it is `$` and a name.
    private func parameterName(_ text: String) -> String? {
        guard text.hasPrefix("$") else { return nil }
        let name = text.dropFirst()
        guard let first = name.first, first.isLetter || first == "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }
}
