/// Random scenarios for one schema, as vectors without expectations: writes of documents within
/// and outside the schema's types (sets, updates, deletes, batches, and documents received as
/// another client wrote them), the model's typed writes, subscriptions and one-shot
/// reads of its streams with random arguments, cancellations and listener errors. The same seed
/// gives the same scenarios.
struct ScenarioGenerator {
    var model: Model
    private var random: SeededRandom
    /// The typed writes' own sequence, so that they come between the other steps without
    /// changing them: a seed's scenarios hold the steps they held before typed writes were drawn.
    private var typedRandom: SeededRandom
    private let values: RandomValues
    /// The collections' path parameters, which take ids rather than values of their type.
    private let pathParameters: Set<String>
    /// The streams scenarios use: not those that wait on a clock (a debounce), which scenarios
    /// do not advance.
    private let streams: [StreamDefinition]

    init(model: Model, seed: UInt64) {
        self.model = model
        random = SeededRandom(seed: seed)
        typedRandom = SeededRandom(seed: seed &+ 0x9E37_79B9_7F4A_7C15)
        values = RandomValues(
            types: Dictionary(model.types.map { ($0.name, $0) }) { first, _ in first },
            enums: Dictionary(model.enums.map { ($0.name, $0.values) }) { first, _ in first },
            rows: Dictionary(model.collections.map { ($0.name, $0.fields) }) { first, _ in first },
            paths: Dictionary(model.collections.map { ($0.name, $0.path) }) { first, _ in first }
        )
        pathParameters = Set(model.collections.flatMap(\.pathParameters).map(\.name))
        let index = ModelIndex(model)
        streams = model.streams.filter { !index.waits($0.name) }
    }

    /// Scenario `number` (from 1): between 6 and 30 steps, a stream subscribed first, and typed
    /// writes between them now and then.
    mutating func scenario(_ number: Int) -> Vector {
        var state = State()
        var steps = [subscribe(&state)]
        for _ in 0..<(5 + random.below(25)) {
            steps.append(nextStep(&state))
            if typedRandom.chance(15), let write = typedWrite() { steps.append(write) }
        }
        return Vector(generated: "random scenario \(number)", clock: RandomValues.times[0], actions: steps)
    }

    /// The labels in use: each subscription or read gets a new one.
    private struct State {
        var labels = 0
        var active: [String] = []
    }

    private mutating func nextStep(_ state: inout State) -> VectorStep.Action {
        switch random.below(100) {
        case 0..<40: return write()
        case 40..<55: return .batch((0..<(2 + random.below(3))).map { _ in write(received: false) })
        case 55..<72: return subscribe(&state)
        case 72..<78: return read(&state)
        case 78..<90 where !state.active.isEmpty:
            let label = state.active.remove(at: random.below(state.active.count))
            return .cancel(label: label)
        case 90..<92 where !state.active.isEmpty:
            let label = state.active.remove(at: random.below(state.active.count))
            return .failSubscription(label: label, message: "denied")
        case 90..<94: return .fail(collection: collectionPath(random.pick(model.collections)), message: "denied")
        default: return write()
        }
    }

    /// A set, an update or a delete of a document of a random collection, or (when `received`
    /// may be) a document received as another client wrote it.
    private mutating func write(received: Bool = true) -> VectorStep.Action {
        let collection = random.pick(model.collections)
        let path = collectionPath(collection) + [random.pick(RandomValues.ids)]
        // Most documents fit the schema, so that streams have rows to order, match and join;
        // the others have fields missing, of another type, or not in the schema.
        let wrongPercent = random.chance(30) ? 20 : 0
        switch random.below(10) {
        case 0..<5: return .set(path: path, data: values.fields(collection.fields, wrongPercent: wrongPercent, using: &random))
        case 5 where received:
            var received = values
            received.wideInts = true
            let data = received.fields(collection.fields, wrongPercent: wrongPercent, using: &random)
            return .receive(path: data.contains { RandomValues.holdsWideInt($0.value) } ? collectionPath(collection) + [RandomValues.wideID] : path, data: data)
        case 6..<8 where !collection.fields.isEmpty:
            var fields = collection.fields
            while fields.count > 1, fields.count > 2 || random.chance(50) { fields.remove(at: random.below(fields.count)) }
            return .update(path: path, fields: fields.map { (path: [$0.key], update: fieldUpdate($0.type, wrongPercent: wrongPercent)) })
        default: return .delete(path: path)
        }
    }

    /// A field's update: mostly a value, now and then a transform — of a field of any type, as
    /// another client's transform may meet any stored value.
    private mutating func fieldUpdate(_ type: FieldType, wrongPercent: Int) -> VectorFieldUpdate {
        let elementType: FieldType = if case let .array(element) = type.nonOptional { element } else { type }
        switch random.below(10) {
        case 0: return .delete
        case 1: return .increment(random.chance(50) ? .int(random.pick([-1, 1, 2, 1 << 40])) : .double(random.pick(RandomValues.doubles)))
        case 2: return .arrayUnion((0..<random.below(3)).map { _ in values.value(elementType, wrongPercent: wrongPercent, using: &random) })
        case 3: return .arrayRemove((0..<random.below(3)).map { _ in values.value(elementType, wrongPercent: wrongPercent, using: &random) })
        default: return .value(values.value(type, wrongPercent: wrongPercent, using: &random))
        }
    }

    /// One of the model's typed writes with arguments of their types (as generated code takes
    /// only those): fields holding embedded types are left out, and a create that needs one is
    /// not drawn. Values break the schema's constraints now and then, as the pools hold them.
    private mutating func typedWrite() -> VectorStep.Action? {
        let writes = model.writes.filter { write in
            write.kind != .create || !write.fields.contains { $0.type.holdsEmbeddedType && $0.defaultValue == nil && !$0.type.isOptional }
        }
        guard !writes.isEmpty else { return nil }
        let write = typedRandom.pick(writes)
        var arguments = write.collection.pathParameters.map { (name: $0.name, update: VectorFieldUpdate.value(.string(typedRandom.pick(RandomValues.pathIDs)))) }
        let id = typedRandom.pick(RandomValues.ids)
        arguments.append((name: "id", update: .value(.string(id))))
        let fields = write.fields.filter { !$0.type.holdsEmbeddedType }
        switch write.kind {
        case .create:
            for field in fields where (field.defaultValue == nil && !field.type.isOptional) || typedRandom.chance(60) {
                arguments.append((name: field.name, update: .value(values.argument(field.type, using: &typedRandom))))
            }
        case .update, .merge:
            for field in fields where typedRandom.chance(40) {
                arguments.append((name: field.name, update: change(field.type)))
            }
        case .delete:
            break
        }
        return .write(name: write.name, arguments: arguments + preconditions(of: write, id: id))
    }

    /// Now and then a write's precondition options: a create only creating, a delete only
    /// deleting what is there, an update or a delete only of a document reading as a random
    /// value of its type (which it rarely does: most are refused as changed).
    private mutating func preconditions(of write: WriteDefinition, id: String) -> [(name: String, update: VectorFieldUpdate)] {
        write.kind.preconditions.compactMap { option in
            guard typedRandom.chance(option.isFlag ? 25 : 15) else { return nil }
            guard !option.isFlag, case let .map(entries) = values.argument(.object(write.collection.name), using: &typedRandom) else {
                return (name: option.rawValue, update: .value(.bool(true)))
            }
            return (name: option.rawValue, update: .value(.map([(key: "id", value: .string(id))] + entries.filter { $0.key != "id" })))
        }
    }

    /// A typed change of a field of `type`: a value, or a transform its type allows.
    private mutating func change(_ type: FieldType) -> VectorFieldUpdate {
        guard typedRandom.chance(50), let transform = FieldChanges.of(type).randomElement(using: &typedRandom) else {
            return .value(values.argument(type, using: &typedRandom))
        }
        switch transform {
        case .delete: return .delete
        case .serverTimestamp: return .value(.serverTimestamp)
        case .increment: return .increment(type.nonOptional == .int ? .int(typedRandom.pick([-1, 1, 2])) : .double(typedRandom.pick(RandomValues.doubles)))
        case let .array(element):
            let elements = (0..<typedRandom.below(3)).map { _ in values.argument(element, using: &typedRandom) }
            return typedRandom.chance(50) ? .arrayUnion(elements) : .arrayRemove(elements)
        case let .keys(element):
            let keys = RandomValues.mapKeys.filter { _ in typedRandom.chance(40) }
            return .keys(keys.map { key in (key: key, update: typedRandom.chance(25) ? .delete : keyChange(element)) })
        }
    }

    /// A change of one key of a map of `element`: what a field of that type takes, but no keys
    /// of its own.
    private mutating func keyChange(_ element: FieldType) -> VectorFieldUpdate {
        let change = change(element)
        if case .keys = change { return .value(values.argument(element, using: &typedRandom)) }
        return change
    }

    private mutating func subscribe(_ state: inout State) -> VectorStep.Action {
        let (label, stream, arguments) = use(&state)
        state.active.append(label)
        return .subscribe(label: label, stream: stream, arguments: arguments)
    }

    private mutating func read(_ state: inout State) -> VectorStep.Action {
        let (label, stream, arguments) = use(&state)
        return .read(label: label, stream: stream, arguments: arguments)
    }

    /// A new label, a random stream and arguments for it: path parameters from the ids, so that
    /// they meet the writes, others from the values of their type.
    private mutating func use(_ state: inout State) -> (String, String, [(name: String, value: VectorValue)]) {
        state.labels += 1
        let stream = random.pick(streams)
        let arguments = stream.parameters.map { parameter in
            (name: parameter.name, value: pathParameters.contains(parameter.name) ? .string(random.pick(RandomValues.pathIDs)) : values.argument(parameter.type, using: &random))
        }
        return ("s\(state.labels)", stream.name, arguments)
    }

    /// The path of a random instance of `collection`: its parameters filled from the ids.
    private mutating func collectionPath(_ collection: CollectionDefinition) -> [String] {
        collection.path.map { segment in
            switch segment {
            case let .literal(text): text
            case .parameter: random.pick(RandomValues.pathIDs)
            }
        }
    }
}
