/// A write the schema declares (`writes:`): a create, update or delete of one document of a
/// collection, setting the values given, after an optional pre-check. It becomes a method of the
/// model returning a stream that emits the document's id once the write is applied locally and
/// completes once the store acknowledges it.
public struct DeclaredWrite: Codable, Hashable, Sendable {
    public var name: String
    public var doc: String?
    /// `create`, `update` or `delete`.
    public var kind: WriteDefinition.Kind
    /// The collection's type name.
    public var collection: String
    /// The method's parameters before `id`: the path's, then the `$parameters` of the values and
    /// of the check, each once, in the order written.
    public var parameters: [Parameter]
    /// The fields set, by the schema's name, in written order.
    public var values: [DeclaredValue]
    public var check: PreCheckDefinition?
}

/// One field a declared write sets, and what to.
public struct DeclaredValue: Codable, Hashable, Sendable {
    public var field: String
    public var value: Operand
    /// How the value is written: set as it is, or added to the stored number, or the server's time.
    public var change: Change

    public enum Change: String, Codable, Hashable, Sendable {
        case set, increment, serverTimestamp
    }
}

/// A declared write's pre-check: the first value of a count stream, or a counter's value read
/// in the write's transaction, compared with a number.
public struct PreCheckDefinition: Codable, Hashable, Sendable {
    /// The count stream, called with the write's parameters of the same names; nil for a counter.
    public var stream: String?
    /// The counter read and changed with the write, in one transaction; nil for a stream.
    public var counter: CounterDefinition?
    public var op: ComparisonOperator
    /// An int literal or a parameter.
    public var operand: Operand
    /// As the schema writes it: `speakCount < 10`.
    public var text: String
}

/// A counter a declared write keeps: an int field of one document, which a create adds one to
/// and a delete takes one from, in the write's transaction.
public struct CounterDefinition: Codable, Hashable, Sendable {
    /// The collection's type name.
    public var collection: String
    /// The write's parameter holding the document's id.
    public var id: String
    /// The counter's field, by the schema's name.
    public var field: String
    /// What the write adds to the counter: 1 for a create, -1 for a delete.
    public var step: Int
}

extension DeclaredWrite {
    /// The method's parameters in order, `id` among them: last for a create (a new id by
    /// default), after the path's parameters for an update or a delete.
    public func methodParameters(in model: Model) -> [Parameter] {
        let id = Parameter(name: "id", type: .string)
        guard kind != .create else { return parameters + [id] }
        let paths = model.collections.first { $0.name == collection }?.pathParameters.count ?? 0
        return parameters.prefix(paths) + [id] + parameters.dropFirst(paths)
    }
}
