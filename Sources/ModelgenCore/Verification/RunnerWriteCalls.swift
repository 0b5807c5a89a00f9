/// How a runner calls the model's typed writes, over the language's ``WriteCalls``: arguments in
/// the order the method declares them (path parameters; a create's fields, then `id`; an update's
/// `id`, then its changes), named where the language names them, else a create's fields and an
/// update's changes in one object.
extension RunnerSpelling {
    /// `model.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1")`.
    func writeCall(_ name: String, _ arguments: [(name: String, update: VectorFieldUpdate)], writes: [WriteDefinition]) -> String {
        guard let write = writes.first(where: { $0.name == name }) else { return "" }
        let calls = runner.writeCalls
        let given = { (argument: String) in arguments.first { $0.name == argument }?.update }
        let keys = write.collection.pathParameters.map { (name: $0.name, value: given($0.name).map { self.key($0) }) }
        let id = (name: "id", value: given("id").map { self.key($0) })
        let fields = write.fields.compactMap { field in
            given(field.name).map { (name: field.name, value: write.kind == .create ? self.value($0, as: field.type) : change($0, of: field.type)) }
        }
        let named = { (entries: [(name: String, value: String?)]) in
            entries.compactMap { entry in entry.value.map { (entry.name, $0) } }
        }
        let ordered: [(String, String)] = switch write.kind {
        case .create: named(keys) + fields + named([id])
        case .update, .merge, .delete: named(keys) + named([id]) + fields
        }
        let list: String
        if let pattern = calls.named {
            list = ordered.map { pattern.filling(["name": argumentLabel($0.0) ?? variableName($0.0), "value": $0.1]) }.joined(separator: ", ")
        } else {
            let object = "{ " + fields.map { calls.objectEntry.filling(["name": variableName($0.name), "value": $0.value]) }.joined(separator: ", ") + " }"
            let positional = named(keys).map(\.1) + (write.kind == .create && !write.fields.isEmpty ? [object] : []) + named([id]).map(\.1)
                + (write.kind == .update || write.kind == .merge ? [object] : [])
            list = positional.joined(separator: ", ")
        }
        return calls.call.filling(["name": memberName(name)]).filling(list)
    }

    private func key(_ update: VectorFieldUpdate) -> String {
        if case let .value(value) = update { return argument(value, as: .string) }
        return ""
    }

    private func value(_ update: VectorFieldUpdate, as type: FieldType) -> String {
        if case let .value(value) = update { return argument(value, as: type) }
        return ""
    }

    /// An update's change of a field of `type`.
    private func change(_ update: VectorFieldUpdate, of type: FieldType) -> String {
        let calls = runner.writeCalls
        let element: FieldType = if case let .array(element) = type.nonOptional { element } else { type }
        return switch update {
        case .value(.serverTimestamp): calls.serverTimestamp
        case let .value(value): calls.set.filling(argument(value, as: type))
        case .delete: calls.delete
        case let .increment(operand): calls.increment.filling(argument(operand, as: type.nonOptional))
        case let .arrayUnion(values): calls.arrayUnion.filling(values.map { argument($0, as: element) }.joined(separator: ", "))
        case let .arrayRemove(values): calls.arrayRemove.filling(values.map { argument($0, as: element) }.joined(separator: ", "))
        }
    }
}
