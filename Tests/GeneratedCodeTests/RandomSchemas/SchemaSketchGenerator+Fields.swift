@testable import ModelgenCore

/// The field types the generator draws, and how the schema spells them, their defaults and their
/// constraints.
extension SchemaSketchGenerator {
    /// A collection field's type: any type the schema has.
    mutating func fieldKind(_ state: SchemaState) -> FieldType {
        switch random.below(10) {
        case 0 where !state.collections.isEmpty: return .reference(random.pick(state.collections).name)
        case 1: return .array(scalarKind(state, objects: true))
        case 2: return .map(scalarKind(state, objects: false))
        default: return scalarKind(state, objects: true)
        }
    }

    /// A type that is no list or map: a scalar, an enum, or (with `objects`) an embedded type.
    mutating func scalarKind(_ state: SchemaState, objects: Bool) -> FieldType {
        switch random.below(12) {
        case 0 where !state.enums.isEmpty: return .object(random.pick(state.enums.keys.sorted()))
        case 1 where objects && !state.objects.isEmpty: return .object(random.pick(state.objects).name)
        case 2: return .bytes
        case 3: return .geopoint
        default: return random.pick([.string, .string, .int, .double, .bool, .timestamp])
        }
    }

    func spelled(_ field: FieldInfo) -> String {
        field.kind.schemaSpelling + (field.optional ? "?" : "")
    }

    /// A default value for a required field of `kind`, as the schema writes it, if it takes one.
    mutating func defaultValue(_ kind: FieldType, enums: [String: [String]]) -> String? {
        switch kind {
        case .string: random.pick([#""""#, #""it's \"quoted\"""#, #""line\nbreak""#, #""émoji 😀""#])
        case .int: random.pick(["0", "-1", "9007199254740991"])
        case .double: random.pick(["0", "2.5", "-0.0"])
        case .bool: random.pick(["true", "false"])
        case let .object(name): enums[name].map { YAMLText.quoted(random.pick($0)) }
        case .array: "[]"
        case .map: "{}"
        default: nil
        }
    }

    /// The constraints a field's type takes, now and then.
    mutating func constraints(_ field: FieldInfo) -> [(String, String)] {
        guard random.chance(25) else { return [] }
        switch field.kind {
        case .int: return [("min", "-5"), ("max", "100")]
        case .double: return [("min", "0.5")]
        case .string: return random.chance(50) ? [("minLength", "1"), ("maxLength", "20")] : [("values", #"["a", "b"]"#)]
        case .array: return [("maxItems", "3")]
        default: return []
        }
    }
}

extension FieldType {
    /// The declared type (an enum or an embedded type) the type names, in lists and maps too.
    var declaredName: String? {
        switch self {
        case let .object(name): name
        case let .array(element), let .map(element), let .optional(element): element.declaredName
        default: nil
        }
    }

    /// Whether it keys joins, distinct, sorts and `<`: a string, number, bool, timestamp or enum.
    func isKey(enums: [String: [String]]) -> Bool {
        switch self {
        case .string, .int, .double, .bool, .timestamp: true
        case let .object(name): enums[name] != nil
        default: false
        }
    }

    var isNumber: Bool { self == .int || self == .double }

    /// A literal of the type as a predicate writes it, if it has literals.
    func literal(enums: [String: [String]], _ random: inout SeededRandom) -> String? {
        switch self {
        case .string: random.pick([#""""#, #""a""#, #""it's""#, #""quo\"te""#, #""back\\slash""#, #""\u{1F600}""#, #""$notAParam""#])
        case .int: random.pick(["0", "-1", "42", "9007199254740991"])
        case .double: random.pick(["0.5", "-2.25", "3"])
        case .bool: random.pick(["true", "false"])
        case let .object(name): enums[name].map { "\"\(random.pick($0))\"" }
        default: nil
        }
    }
}
