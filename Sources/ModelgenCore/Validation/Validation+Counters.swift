/// A declared write's counter check (`Member[$uid].sentCount < 10`): an int field of one
/// document, read in the write's transaction and changed with the write, one more for a create
/// and one fewer for a delete.
extension Validation {
    mutating func resolveCounterCheck(
        _ syntax: PredicateSyntax, of counter: CounterSyntax, in write: WriteSyntax, parameters: inout [Parameter], write name: String
    ) -> PreCheckDefinition? {
        guard case let .comparison(left, op, right) = syntax, case let .field(path) = left.kind, path.count == 1,
              !op.value.takesList, op.value != .contains else {
            diagnostics.error("a counter check compares the counter's field with a number, like 'Member[$uid].sentCount < 10'", at: Self.location(of: syntax))
            return nil
        }
        guard write.kind.value != "update" else {
            diagnostics.error(
                "a counter check is for a create or a delete, which adds one to the counter or takes one away; update '\(write.name.value)' changes no count",
                at: counter.collection.location
            )
            return nil
        }
        guard let collection = collection(counter.collection), let field = counterField(path[0], of: collection, at: left.location),
              let operand = checkOperand(right, parameters: &parameters, write: name) else { return nil }
        let id = Parameter(name: NameCase.lowerCamel(counter.id.value), type: .string)
        merge(id, into: &parameters, at: counter.id.location, write: name)
        for parameter in collection.pathParameters { merge(parameter, into: &parameters, at: counter.collection.location, write: name) }
        return PreCheckDefinition(
            counter: CounterDefinition(collection: collection.name, id: id.name, field: field.name, step: write.kind.value == "create" ? 1 : -1),
            op: op.value, operand: operand,
            text: "\(counter.collection.value)[$\(counter.id.value)].\(path[0]) \(op.value.rawValue) \(Self.spelled(operand))"
        )
    }

    /// The counter's field: an int, counting from 0 when the document lacks it.
    private mutating func counterField(_ name: String, of collection: CollectionDefinition, at location: SourceLocation) -> Field? {
        guard let field = collection.fields.first(where: { $0.name == NameCase.lowerCamel(name) }) else {
            let hint = Hint.closest(to: name, in: collection.fields.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("collection '\(collection.name)' has no field '\(name)'\(hint)", at: location)
            return nil
        }
        guard field.type == .int, field.defaultValue ?? .int(0) == .int(0) else {
            let what = field.type == .int ? "an int whose default is not 0" : field.type.schemaSpelling
            diagnostics.error("a counter is an int field counting from 0 (an increment of a missing field starts there); '\(name)' is \(what)", at: location)
            return nil
        }
        return field
    }
}
