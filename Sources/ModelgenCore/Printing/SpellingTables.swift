/// How a language writes field types — or what is built like them, such as its codecs: a word
/// for each scalar type, and patterns for a list, a map and an optional, where `%` stands for
/// what they hold. The recursion over types is written once, in ``spell(_:typeName:)``.
struct TypeTable: Sendable {
    var string: String
    var int: String
    var double: String
    var bool: String
    var timestamp: String
    var bytes: String
    var geopoint: String
    var array: String
    /// A list of optionals, where it needs a pattern of its own: `readonly (%)[]`.
    var arrayOfOptionals: String?
    var map: String
    var optional: String

    func spell(_ type: FieldType, typeName: (String) -> String) -> String {
        switch type {
        case .string: string
        case .int: int
        case .double: double
        case .bool: bool
        case .timestamp: timestamp
        case .bytes: bytes
        case .geopoint: geopoint
        case let .array(element):
            ((element.isOptional ? arrayOfOptionals : nil) ?? array).filling(spell(element, typeName: typeName))
        case let .map(value): map.filling(spell(value, typeName: typeName))
        case let .object(name): typeName(name)
        case let .reference(collection): typeName(ReferenceType.name(of: collection))
        case let .optional(wrapped): optional.filling(spell(wrapped, typeName: typeName))
        }
    }
}

/// How a language writes literal values, as patterns where `%` stands for the value written
/// plainly (a number as the language's ``number`` writes it, a string quoted).
struct LiteralTable: Sendable {
    var null: String
    var bool = "%"
    var int = "%"
    /// An integer literal where a double is expected: `%.0` in Kotlin, which will not widen.
    var intAsDouble = "%"
    var double = "%"
    var string = "%"
    var emptyList: String
    var emptyMap: String
    /// A list of values: `[%]`, `listOf(%)`.
    var list: String
    /// A value of a string enum: `$type.$case`, or `$value` (the string, quoted) where the enum is its strings.
    var enumValue = "$type.$case"
    /// How a double is written: `1.0`, `1e300`, `1`.
    var number: @Sendable (Double) -> String

    func spell(_ literal: Literal, as type: FieldType, strings: StringLiteralStyle) -> String {
        switch literal {
        case .null: null
        case let .bool(value): bool.filling(value ? "true" : "false")
        case let .int(value): (type.nonOptional == .double ? intAsDouble : int).filling("\(value)")
        case let .double(value): double.filling(number(value))
        case let .string(value): string.filling(strings.quoted(value))
        case .emptyList: emptyList
        case .emptyMap: emptyMap
        }
    }
}

extension String {
    /// The pattern with `%` replaced by `value`.
    func filling(_ value: String) -> String {
        guard let index = firstIndex(of: "%") else { return self }
        return self[..<index] + value + self[self.index(after: index)...]
    }
}

extension TypeTable {
    /// The codecs of the Kotlin and TypeScript runtimes, which name them alike but for ints:
    /// `Codecs.list(Codecs.string)`, a type's own codec by its name.
    static func runtimeCodecs(int: String) -> TypeTable {
        TypeTable(
            string: "Codecs.string", int: int, double: "Codecs.double", bool: "Codecs.bool", timestamp: "Codecs.timestamp",
            bytes: "Codecs.bytes", geopoint: "Codecs.geoPoint",
            array: "Codecs.list(%)", map: "Codecs.map(%)", optional: "Codecs.optional(%)"
        )
    }
}

extension String {
    /// The pattern with each `$name` replaced by its value, in one pass over the pattern: a
    /// value is never read for names again (a Kotlin string may hold `\$row`).
    func filling(_ values: KeyValuePairs<String, String>) -> String {
        var result = ""
        var rest = self[...]
        while let marker = rest.firstIndex(of: "$") {
            result += rest[..<marker]
            let after = rest[rest.index(after: marker)...]
            if let (name, value) = values.first(where: { after.hasPrefix($0.key) }) {
                result += value
                rest = after.dropFirst(name.count)
            } else {
                result += "$"
                rest = after
            }
        }
        return result + rest
    }
}
