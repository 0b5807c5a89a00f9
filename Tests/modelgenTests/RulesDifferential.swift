import Foundation
@testable import ModelgenCore
import ModelgenDocuments
import ModelgenRuntime

/// Random writes of a schema's documents, each with the client's verdict: whether a client of
/// the generated model could make it. That verdict comes from the Swift runtime's own checks —
/// the decoders (``DocumentCheck``) and the typed writes' constraint check (``FieldRule``) —
/// and from what the typed writes send (only the schema's keys, server times as transforms,
/// path fields as the path says, the owner as the signed-in user). The rules must agree.
struct RulesDifferential {
    /// One write, sent as `uid` after `before` (the Admin SDKs' writes) and what the client says.
    struct Case {
        var description: String
        var uid: String
        var before: [RestWrite]
        var write: RestWrite
        var clientAllows: Bool
        var why: String
        /// Set when the write holds a wrong element the rules cannot check (a map's value, or an
        /// element of a list without a small `maxItems`): whether the rules should allow it,
        /// judged without that element.
        var rulesAllowUnchecked: Bool?
    }

    let model: Model
    let check: DocumentCheck
    var random: SeededRandom
    let types: [String: TypeDefinition]
    let enums: [String: EnumDefinition]

    init(model: Model, seed: UInt64) {
        self.model = model
        check = DocumentCheck(model: model)
        random = SeededRandom(seed: seed)
        types = Dictionary(model.types.map { ($0.name, $0) }) { first, _ in first }
        enums = Dictionary(model.enums.map { ($0.name, $0) }) { first, _ in first }
    }

    /// The collections a signed-in user may create in (by their `access`); a `{ rule: … }` or
    /// `never` create is not a client's to make at random.
    var collections: [CollectionDefinition] {
        model.collections.filter { collection in
            switch collection.access?.create.condition {
            case nil, .public?, .signedIn?, .owner?, .member?: true
            case .never?, .rule?: false
            }
        }
    }

    /// `count` cases, each a create or an update of one of ``collections`` with one mutation or none.
    mutating func cases(_ count: Int) -> [Case] {
        let collections = collections
        guard !collections.isEmpty else { return [] }
        return (0..<count).map { index in
            let collection = collections[random.below(collections.count)]
            let updatable = if case .rule? = collection.access?.update.condition { false } else { true }
            return random.chance(60) || !updatable ? create(collection, index) : update(collection, index)
        }
    }

    // MARK: Creates and updates

    private mutating func create(_ collection: CollectionDefinition, _ index: Int) -> Case {
        var place = Place(collection, index: index)
        let membership = membership(collection.access?.create.condition, collection, &place)
        var data = document(collection, place)
        let mutation = mutate(&data, collection, place, creating: true)
        let verdict = clientVerdict(data, collection, place, before: nil, changed: Set(data.keys))
        let unchecked = mutation.unchecked.map { key, without in
            clientVerdict(data.merging([key: without]) { _, new in new }, collection, place, before: nil, changed: Set(data.keys)) == nil
        }
        return Case(
            description: "create \(place.path) \(mutation.description)\(place.isMember ? "" : " by no member")", uid: "alice", before: membership + [.delete(place.path)],
            write: Self.set(place.path, data), clientAllows: verdict == nil, why: verdict ?? "a typed create", rulesAllowUnchecked: unchecked
        )
    }

    private mutating func update(_ collection: CollectionDefinition, _ index: Int) -> Case {
        var place = Place(collection, index: index)
        let membership = membership(collection.access?.update.condition, collection, &place)
        let stored = document(collection, place).mapValues { $0.isServerTimestamp ? DocumentValue.timestamp(Timestamp(seconds: 1_700_000_000)) : $0 }
        let changeable = collection.fields.filter { !$0.isDocumentID && $0.serverTimestamp.isEmpty }
        var changes: DocumentData = [:]
        for field in changeable where random.chance(40) {
            // A typed update sets an optional field to null; it never leaves out a field it changes.
            changes[field.key] = fieldValue(field, collection, place) ?? (field.type.isOptional ? .null : nil)
        }
        for field in collection.fields where field.serverTimestamp.contains(.update) { changes[field.key] = .serverTimestamp }
        let mutation = mutate(&changes, collection, place, creating: false)
        let after = stored.merging(changes) { _, new in new }
        let verdict = clientVerdict(after, collection, place, before: stored, changed: Set(changes.keys))
        let unchecked = mutation.unchecked.map { key, without in
            clientVerdict(after.merging([key: without]) { _, new in new }, collection, place, before: stored, changed: Set(changes.keys)) == nil
        }
        let fields = changes.filter { !$0.value.isServerTimestamp }
        return Case(
            description: "update \(place.path) of \(changes.keys.sorted()) \(mutation.description)\(place.isMember ? "" : " by no member")", uid: "alice",
            before: membership + [Self.set(place.path, stored)],
            write: .update(place.path, fields.mapValues(RestValue.init), mask: fields.keys.sorted(), serverTime: changes.filter(\.value.isServerTimestamp).keys.sorted()),
            clientAllows: verdict == nil, why: verdict ?? "a typed update", rulesAllowUnchecked: unchecked
        )
    }

    /// Why a client of the model could not write `data` to `place`; nil when a typed write could.
    private func clientVerdict(_ data: DocumentData, _ collection: CollectionDefinition, _ place: Place, before: DocumentData?, changed: Set<String>) -> String? {
        let keys = Set(collection.fields.map(\.key))
        if let extra = changed.subtracting(keys).sorted().first { return "no typed write holds key '\(extra)'" }
        for field in collection.fields where changed.contains(field.key) {
            let value = data[field.key]
            if !field.serverTimestamp.isEmpty, !(value?.isServerTimestamp ?? false) {
                return before != nil && !field.serverTimestamp.contains(.update) ? "typed updates never change '\(field.key)'" : "typed writes set '\(field.key)' to the server's time"
            }
            if let parameter = place.parameters[field.name], value != .string(parameter) { return "typed writes store the path's '\(field.name)'" }
        }
        if before != nil, let stamp = collection.fields.first(where: { $0.serverTimestamp.contains(.update) && !changed.contains($0.key) }) {
            return "typed updates set '\(stamp.key)' to the server's time"
        }
        if let failure = check.decodeFailure(data, in: collection) { return "does not decode: \(failure)" }
        do {
            _ = try FieldRule.checked(Self.fieldRules(collection), .set(place.segments, data.filter { changed.contains($0.key) }))
        } catch {
            return "the typed write refuses it: \(error.violations.joined(separator: "; "))"
        }
        switch (before == nil ? collection.access?.create : collection.access?.update)?.condition {
        case .never?: return "the schema lets no client \(before == nil ? "create" : "update") it"
        case let .owner(name)?: return place.owns(name, in: collection, data, before) ? nil : "alice does not own it"
        case .member?: return place.isMember ? nil : "alice is no member"
        default: return nil
        }
    }

    /// Under `member(Collection)`, alice's document there (as the Admin SDKs write it), seven
    /// times in ten; `place` says whether she is a member.
    private mutating func membership(_ condition: AccessCondition?, _ collection: CollectionDefinition, _ place: inout Place) -> [RestWrite] {
        guard case let .member(name)? = condition, let members = model.collections.first(where: { $0.name == name }),
              let path = collection.memberPath(of: members) else { return [] }
        let segments = path.map { segment in
            switch segment {
            case let .literal(text): text
            case let .parameter(name): name == "id" ? place.id : place.parameters[name] ?? ""
            case .uid: "alice"
            }
        }
        let memberPlace = Place(members, segments: segments)
        // A document an earlier case made (a top-level collection of members) is taken away.
        place.isMember = random.chance(70)
        return [place.isMember ? Self.set(memberPlace.path, document(members, memberPlace)) : .delete(memberPlace.path)]
    }

    /// The collection's declared constraints as the runtime's rules, as its typed writes list them.
    static func fieldRules(_ collection: CollectionDefinition) -> [FieldRule] {
        collection.fields.flatMap { field -> [FieldRule] in
            let constraints = field.constraints, isInt = field.type.nonOptional == .int
            let bound = { (value: Double?) in value.map { isInt ? DocumentValue.int(Int64($0)) : .double($0) } }
            var rules: [FieldRule] = []
            if constraints.min != nil || constraints.max != nil {
                rules.append(.range(field.name, key: field.key, min: bound(constraints.min), max: bound(constraints.max)))
            }
            if constraints.minLength != nil || constraints.maxLength != nil {
                rules.append(.length(field.name, key: field.key, min: constraints.minLength, max: constraints.maxLength))
            }
            if constraints.minItems != nil || constraints.maxItems != nil {
                rules.append(.items(field.name, key: field.key, min: constraints.minItems, max: constraints.maxItems))
            }
            if let values = constraints.values { rules.append(.oneOf(field.name, key: field.key, values)) }
            return rules
        }
    }

    // MARK: Mutations

    /// What a mutation did, and where it put a wrong element the rules cannot check (the key,
    /// and the value without that element), if it did.
    struct Mutation: ExpressibleByStringLiteral, CustomStringConvertible {
        var description: String
        var unchecked: (key: String, without: DocumentValue)?

        init(_ description: String, unchecked: (key: String, without: DocumentValue)? = nil) {
            self.description = description
            self.unchecked = unchecked
        }

        init(stringLiteral value: String) { self.init(value) }
    }

    /// Changes `data` one way a hand-made write might (or not at all); what it did, for messages.
    private mutating func mutate(_ data: inout DocumentData, _ collection: CollectionDefinition, _ place: Place, creating: Bool) -> Mutation {
        // Constraints and elements are where rules and clients most easily part: weighted up.
        let kind = random.pick([0, 1, 2, 3, 3, 3, 4, 5, 6, 7, 7, 8, 8])
        // Each kind of mutation picks among the fields it applies to.
        let fields = collection.fields.filter { field in
            guard !field.isDocumentID else { return false }
            let type = field.type.nonOptional
            switch kind {
            case 3: return !field.constraints.isEmpty
            case 4: return type == .int || type == .double
            case 5: return field.type.isReference
            case 6: return place.parameters[field.name] != nil || !field.serverTimestamp.isEmpty
            case 7: if case .array = type { return true } else if case .map = type { return true } else { return false }
            default: return true
            }
        }
        guard let field = fields.isEmpty ? nil : fields[random.below(fields.count)] else { return "as is" }
        switch kind {
        case 0:
            data["extra"] = .string("x")
            return "with an extra key"
        case 1:
            let value = random.pick([DocumentValue.string("x"), .int(7), .bool(true), .map([:]), .array([]), .null, .double(.nan), .timestamp(Timestamp(seconds: 5))])
            data[field.key] = value
            return Mutation("with '\(field.key)' = \(value)")
        case 2:
            guard creating else { return "as is" }
            data[field.key] = nil
            return Mutation("without '\(field.key)'")
        case 3:
            guard let value = pastConstraint(field) else { return "as is" }
            data[field.key] = value
            return Mutation("with '\(field.key)' = \(value) past its constraint")
        case 4:
            guard field.type.nonOptional == .int || field.type.nonOptional == .double else { return "as is" }
            let value = random.pick([DocumentValue.int(9_007_199_254_740_992), .int(-9_007_199_254_740_992), .int(-9_007_199_254_740_991), .double(.infinity), .double(.nan), .int(9_007_199_254_740_991)])
            data[field.key] = value
            return Mutation("with '\(field.key)' = \(value)")
        case 5:
            guard field.type.isReference else { return "as is" }
            data[field.key] = .reference(["elsewhere", "d1"])
            return Mutation("with '\(field.key)' into another collection")
        case 6:
            guard place.parameters[field.name] != nil || !field.serverTimestamp.isEmpty else { return "as is" }
            data[field.key] = field.serverTimestamp.isEmpty ? .string("mallory") : .timestamp(Timestamp(seconds: 1_800_000_000))
            return Mutation("with '\(field.key)' set by the client")
        case 7:
            guard let (element, without) = wrongElement(field.type.nonOptional) else { return "as is" }
            data[field.key] = element
            // The rules check a list's elements one by one up to 20 (RulesExpressions.checkedElements).
            let checked: Bool = if case .array = field.type.nonOptional, let count = field.constraints.maxItems { count <= 20 } else { false }
            return Mutation("with '\(field.key)' = \(element), an element of another type", unchecked: checked ? nil : (field.key, without))
        default:
            return "as is"
        }
    }

    /// A list or map holding one value of another type than its elements', and the same without it.
    private mutating func wrongElement(_ type: FieldType) -> (DocumentValue, without: DocumentValue)? {
        let wrong = random.pick([DocumentValue.int(1), .string("x"), .map(["url": .int(1)]), .null])
        switch type {
        case let .array(element) where check.decodeFailure(wrong, as: element) != nil:
            let good = value(element)
            return (.array(random.chance(50) ? [good, wrong] : [wrong, good]), .array([good]))
        case let .map(element) where check.decodeFailure(wrong, as: element) != nil:
            let good = value(element)
            return (.map(["k0": good, "k1": wrong]), .map(["k0": good]))
        default: return nil
        }
    }

    /// A value one past a declared constraint (two times in three) or at it; astral characters
    /// make strings that are past a length in UTF-16 code units and within it in characters.
    private mutating func pastConstraint(_ field: Field) -> DocumentValue? {
        let constraints = field.constraints, past = random.chance(67), upper = random.chance(50)
        /// The bound to go to (the upper one if asked and declared, else the other) and the step past it.
        func bound<T>(_ min: T?, _ max: T?) -> (T, step: Int)? {
            if let max, upper || min == nil { return (max, past ? 1 : 0) }
            return min.map { ($0, past ? -1 : 0) }
        }
        if let (value, step) = bound(constraints.min, constraints.max) {
            return field.type.nonOptional == .int ? .int(Int64(value) + Int64(step)) : .double(value + Double(step) / 2)
        }
        if let (size, step) = bound(constraints.minLength, constraints.maxLength) {
            let length = max(0, size + step)
            // `length` UTF-16 code units; with an emoji (two units) one character fewer.
            return .string(length >= 2 && random.chance(50) ? String(repeating: "a", count: length - 2) + "😀" : String(repeating: "b", count: length))
        }
        if let (size, step) = bound(constraints.minItems, constraints.maxItems), case let .array(element) = field.type.nonOptional {
            return .array((0..<max(0, size + step)).map { _ in value(element) })
        }
        if constraints.values != nil { return .string(random.pick(["zz", "é", ""])) }
        return nil
    }
}
