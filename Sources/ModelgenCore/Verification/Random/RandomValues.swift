/// Random stored values for a schema's fields: mostly of the field's type, drawn from small pools
/// so that equal values, ties and matches are common, and sometimes of another type, null or
/// missing, as another client could store them. The pools hold the values the contract treats
/// with care: NaN, ±0, ±infinity, ints beside equal doubles, strings in both Unicode forms,
/// empty strings, and characters on both sides of the UTF-16 surrogates (U+FF21, U+1F600),
/// which UTF-16 order and code-point order put in opposite orders.
struct RandomValues {
    var types: [String: TypeDefinition]
    /// The values of the string enums, by name: a stored one is mostly one of them.
    var enums: [String: [String]] = [:]
    /// The stored fields of the collections, by name, for a row cursor's row.
    var rows: [String: [Field]] = [:]
    /// The paths of the collections, by name, for references to their documents.
    var paths: [String: [PathSegment]] = [:]
    /// Whether ints may be beyond ±(2^53 − 1).
    var wideInts = false

    /// Document ids and path parameters: few, so that writes meet subscriptions.
    static let ids = ["a", "b", "c"]
    /// Path parameters: fewer still, so that a subscription sees a share of the writes.
    static let pathIDs = ["a", "b"]
    /// Keys a typed update changes in a map: the maps' own, and one that holds a dot.
    static let mapKeys = ["a", "b", "a.b"]
    static let strings = ["a", "b", "c", "", "B", "\u{E9}", "e\u{301}", "\u{FF21}", "\u{1F600}", "a b"]
    static let ints: [Int64] = [-1, 0, 1, 2, 9, 10, 11, 1 << 40]
    /// Ints beyond ±(2^53 − 1), which only another client's write (`receive`) brings to TypeScript.
    static let wideInts: [Int64] = [1 << 60, -(1 << 60)]
    /// The id of a document received with such an int: no other step writes it, so no increment
    /// meets the int — TypeScript would hold the sum rounded, as the web SDK's local view does,
    /// a known limit (Behaviour.md) where the languages may differ.
    static let wideID = "wide"

    /// Whether `value` holds an int beyond ±(2^53 − 1), at any depth.
    static func holdsWideInt(_ value: VectorValue) -> Bool {
        switch value {
        case let .int(number): number.magnitude > 9_007_199_254_740_991
        case let .array(values): values.contains(where: holdsWideInt)
        case let .map(entries): entries.contains { holdsWideInt($0.value) }
        default: false
        }
    }
    static let doubles: [Double] = [0.0, -0.0, 1.0, 1.5, -2.5, 10.0, .nan, .infinity, -.infinity]
    static let times: [VectorValue.Time] = [
        .init(seconds: 1_704_067_200, nanoseconds: 0), .init(seconds: 1_704_067_200, nanoseconds: 1_001),
        .init(seconds: 1_704_067_201, nanoseconds: 0), .init(seconds: -1, nanoseconds: 999_999_999),
    ]

    static let bytes: [[UInt8]] = [[], [0], [0, 1], [1], [0x7F], [0x80], [0xFF, 0]]
    /// Points that tie on latitude, and zeros of both signs (equal under the contract).
    static let geopoints: [VectorValue] = [
        .geopoint(latitude: 0, longitude: 0), .geopoint(latitude: -0.0, longitude: 0), .geopoint(latitude: 0, longitude: 1),
        .geopoint(latitude: 1.5, longitude: -2.5), .geopoint(latitude: -90, longitude: 180),
    ]

    /// A value of `type`, or now and then (`wrongPercent` in 100) a value of another type.
    func value(_ type: FieldType, wrongPercent: Int, depth: Int = 0, using random: inout SeededRandom) -> VectorValue {
        if random.chance(wrongPercent) { return anyValue(depth: depth, using: &random) }
        switch type {
        case let .optional(wrapped): return random.chance(20) ? .null : value(wrapped, wrongPercent: wrongPercent, depth: depth, using: &random)
        case .string: return .string(random.pick(Self.strings))
        case .int: return .int(random.pick(wideInts ? Self.ints + Self.wideInts : Self.ints))
        case .double: return random.chance(20) ? value(.int, wrongPercent: 0, depth: depth, using: &random) : .double(random.pick(Self.doubles))
        case .bool: return .bool(random.chance(50))
        case .timestamp: return random.chance(5) ? .serverTimestamp : .timestamp(random.pick(Self.times))
        case .bytes: return .bytes(random.pick(Self.bytes))
        case .geopoint: return random.pick(Self.geopoints)
        case let .reference(name):
            // Now and then (as another type is) a document of a collection that no path has.
            let path = random.chance(wrongPercent) ? [PathSegment.literal("elsewhere")] : paths[name] ?? []
            return .reference(path.map { if case let .literal(text) = $0 { text } else { random.pick(Self.pathIDs) } } + [random.pick(Self.ids)])
        case let .array(element):
            return .array((0..<random.below(depth > 1 ? 1 : 3)).map { _ in value(element, wrongPercent: wrongPercent / 2, depth: depth + 1, using: &random) })
        case let .map(element):
            let keys = Array(["a", "b"].prefix(random.below(depth > 1 ? 1 : 3)))
            return .map(keys.map { (key: $0, value: value(element, wrongPercent: wrongPercent / 2, depth: depth + 1, using: &random)) })
        case let .object(name) where enums[name] != nil:
            return random.chance(10) ? .string(random.pick(Self.strings)) : .string(random.pick(enums[name]!))
        case let .object(name):
            guard let definition = types[name], depth < 3 else { return .map([]) }
            return .map(fields(definition.fields, wrongPercent: wrongPercent / 2, depth: depth + 1, using: &random))
        }
    }

    /// Stored entries for `fields`: each present most of the time, now and then with a key no
    /// field has.
    func fields(_ fields: [Field], wrongPercent: Int, depth: Int = 0, using random: inout SeededRandom) -> [(key: String, value: VectorValue)] {
        var entries = fields.filter { !$0.isDocumentID && !random.chance(wrongPercent) }.map {
            (key: $0.key, value: value($0.type, wrongPercent: wrongPercent, depth: depth, using: &random))
        }
        if random.chance(wrongPercent) { entries.append((key: "extra", value: anyValue(depth: depth, using: &random))) }
        return entries
    }

    /// A value of any type.
    func anyValue(depth: Int, using random: inout SeededRandom) -> VectorValue {
        let scalars: [FieldType] = [.string, .int, .double, .bool, .timestamp, .bytes, .geopoint]
        switch random.below(scalars.count + (depth > 1 ? 1 : 3)) {
        case scalars.count: return .null
        case scalars.count + 1: return value(.array(random.pick(scalars)), wrongPercent: 0, depth: depth, using: &random)
        case scalars.count + 2: return value(.map(random.pick(scalars)), wrongPercent: 0, depth: depth, using: &random)
        case let index: return value(scalars[index], wrongPercent: 0, depth: depth, using: &random)
        }
    }

    /// An argument for a stream parameter of `type`: always of the type, as generated code
    /// passes only those. A row cursor (a collection's type) is now and then nil, the first page.
    func argument(_ type: FieldType, using random: inout SeededRandom) -> VectorValue {
        if case let .object(name) = type.nonOptional, let fields = rows[name] {
            if type.isOptional, random.chance(40) { return .null }
            return .map([(key: "id", value: .string(random.pick(Self.ids)))] + fields.map { (key: $0.key, value: argument($0.type, using: &random)) })
        }
        return switch type.nonOptional {
        case let .array(element): .array((0..<random.below(3)).map { _ in argument(element, using: &random) })
        case .timestamp: .timestamp(random.pick(Self.times))
        case let .object(name) where enums[name] != nil: .string(random.pick(enums[name]!))
        case let other: value(other, wrongPercent: 0, using: &random)
        }
    }
}
