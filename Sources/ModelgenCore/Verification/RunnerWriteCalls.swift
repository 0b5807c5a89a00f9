/// How a runner calls the model's typed writes, its arguments spelled from a vector's values.
extension VectorVerification {
    /// `model.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1")`.
    func writeCall(_ name: String, _ arguments: [(name: String, update: VectorFieldUpdate)], writes: [WriteDefinition], model: Model) -> String {
        guard let write = writes.first(where: { $0.name == name }) else { return "" }
        let given = { (argument: String) in arguments.first { $0.name == argument }?.update }
        var keys: [String: String] = [:]
        for parameter in write.collection.pathParameters { keys[parameter.name] = given(parameter.name).map { self.key($0) } }
        var fields: [String: String] = [:]
        for field in write.fields {
            fields[field.name] = given(field.name).map { write.kind == .create ? self.value($0, as: field.type) : change($0, of: field.type) }
        }
        for nested in write.nested { fields[nested.name] = given(nested.name).map { change($0, of: nested.type) } }
        var options: [WriteDefinition.Precondition: String] = [:]
        for option in write.kind.preconditions {
            options[option] = given(option.rawValue).map { option.isFlag ? value($0, as: .bool) : document($0, of: write.collection, in: model) }
        }
        return typedWriteCall(
            write, call: runner.writeCalls.call.filling(["name": memberName(name)]), keys: keys, id: given("id").map { self.key($0) }, fields: fields,
            options: options
        )
    }

    /// `unchangedSince`'s document: its id and stored fields, decoded as the collection's type.
    private func document(_ update: VectorFieldUpdate, of collection: CollectionDefinition, in model: Model) -> String {
        if case let .value(value) = update { return row(value, as: .object(collection.name), in: model) ?? "" }
        return ""
    }

    private func key(_ update: VectorFieldUpdate) -> String {
        if case let .value(value) = update { return argument(value, as: .string) }
        return ""
    }

    private func value(_ update: VectorFieldUpdate, as type: FieldType) -> String {
        if case let .value(value) = update { return argument(value, as: type) }
        return ""
    }

    /// An update's change of a field of `type`, made by `maker`: a field's, or a key's of a map.
    private func change(_ update: VectorFieldUpdate, of type: FieldType, by maker: String = "FieldChange") -> String {
        let calls = runner.writeCalls
        let spell = { (change: KeyPath<WriteCalls, String>, filling: String) in calls.spelling(change, by: maker).filling(filling) }
        let element: FieldType = switch type.nonOptional {
        case let .array(element), let .map(element): element
        default: type
        }
        return switch update {
        case .value(.serverTimestamp): spell(\.serverTimestamp, "")
        case let .value(value): spell(\.set, argument(value, as: type))
        case .delete: spell(\.delete, "")
        case let .increment(operand): spell(\.increment, argument(operand, as: type.nonOptional))
        case let .arrayUnion(values): spell(\.arrayUnion, values.map { argument($0, as: element) }.joined(separator: ", "))
        case let .arrayRemove(values): spell(\.arrayRemove, values.map { argument($0, as: element) }.joined(separator: ", "))
        case let .keys(keys) where keys.isEmpty: calls.keys.filling(calls.noKeys)
        case let .keys(keys): calls.keys.filling(keys.map { key, update in
            calls.keyEntry.filling(["key": argument(.string(key), as: .string), "change": change(update, of: element, by: "KeyChange")])
        }.joined(separator: ", "))
        }
    }
}
