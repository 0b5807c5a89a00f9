@testable import ModelgenCore

/// A schema as the random schema generator builds it: parts that can each be left out (with
/// what depends on them) while a failure is shrunk, printed as the YAML a user writes.
struct SchemaSketch: Sendable {
    /// One declaration of the schema: its name, its YAML value (a flow mapping or list), and the
    /// names of the other parts it refers to, which must stay while it does.
    struct Part: Sendable, Hashable {
        var name: String
        var value: String
        var uses: Set<String> = []
    }

    /// The file the schema is in, without `.yaml`; it names the generated files.
    var file: String
    var model: String
    var types: [Part] = []
    var collections: [Part] = []
    var streams: [Part] = []
    var writes: [Part] = []

    var yaml: String {
        var lines = ["model: \(model)"]
        for (key, parts) in [("types", types), ("collections", collections), ("streams", streams), ("writes", writes)] where !parts.isEmpty {
            lines.append("\(key):")
            lines += parts.map { "  \(YAMLText.key($0.name)): \($0.value)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every part, named, with the key it is under.
    var parts: [(section: WritableKeyPath<SchemaSketch, [Part]>, part: Part)] {
        types.map { (\.types, $0) } + collections.map { (\.collections, $0) } + streams.map { (\.streams, $0) } + writes.map { (\.writes, $0) }
    }

    /// The sketch without `name` and without every part that uses it, directly or through others.
    func removing(_ name: String) -> SchemaSketch {
        var gone: Set<String> = [name]
        var changed = true
        while changed {
            changed = false
            for (_, part) in parts where !gone.contains(part.name) && !part.uses.isDisjoint(with: gone) {
                gone.insert(part.name)
                changed = true
            }
        }
        var sketch = self
        for section: WritableKeyPath<SchemaSketch, [Part]> in [\.types, \.collections, \.streams, \.writes] {
            sketch[keyPath: section].removeAll { gone.contains($0.name) }
        }
        return sketch
    }
}

/// YAML spellings: flow mappings, quoted strings and keys.
enum YAMLText {
    /// A double-quoted YAML string, whose escapes are those of a JavaScript string.
    static func quoted(_ text: String) -> String {
        StringLiteralStyle(codePoint: StringLiteralStyle.fourDigitCodePoint).quoted(text)
    }

    /// A key as written: plain when YAML reads it back as that string, quoted otherwise.
    static func key(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        let special = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"].contains(name.lowercased())
        return plain && !special && !name.isEmpty ? name : quoted(name)
    }

    /// A flow mapping of `entries`, in order.
    static func map(_ entries: [(String, String)]) -> String {
        "{ " + entries.map { "\(key($0.0)): \($0.1)" }.joined(separator: ", ") + " }"
    }

    /// A flow sequence.
    static func list(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }
}
