/// How a runner calls the model's typed writes, its arguments spelled from a vector's values.
extension RunnerSpelling {
    /// `model.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1")`.
    func writeCall(_ name: String, _ arguments: [(name: String, update: VectorFieldUpdate)], writes: [WriteDefinition]) -> String {
        guard let write = writes.first(where: { $0.name == name }) else { return "" }
        let given = { (argument: String) in arguments.first { $0.name == argument }?.update }
        var keys: [String: String] = [:]
        for parameter in write.collection.pathParameters { keys[parameter.name] = given(parameter.name).map { self.key($0) } }
        var fields: [String: String] = [:]
        for field in write.fields {
            fields[field.name] = given(field.name).map { write.kind == .create ? self.value($0, as: field.type) : change($0, of: field.type) }
        }
        for nested in write.nested { fields[nested.name] = given(nested.name).map { change($0, of: nested.path.type) } }
        let precondition = write.kind.precondition.flatMap(given).map { value($0, as: .bool) }
        return typedWriteCall(
            write, call: runner.writeCalls.call.filling(["name": memberName(name)]), keys: keys, id: given("id").map { self.key($0) }, fields: fields,
            precondition: precondition
        )
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
