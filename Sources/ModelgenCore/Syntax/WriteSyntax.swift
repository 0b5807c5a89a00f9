/// A declared write as written (`writes:`): a create, update or delete of one collection's
/// document, the values it sets, and an optional pre-check, each located.
public struct WriteSyntax: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// `create`, `update` or `delete`, located at its key.
    public var kind: Located<String>
    public var collection: Located<String>
    /// The fields it sets, by the schema's field name, in written order.
    public var values: [(field: Located<String>, value: Located<WriteValueSyntax>)] = []
    /// `speakCount < 10`: a count stream compared with a number; with `counter`, the counter's
    /// field (`sentCount < 10`) compared with a number.
    public var check: PredicateSyntax?
    /// The document of a counter check, `Member[$uid]` in `Member[$uid].sentCount < 10`.
    public var counter: CounterSyntax?
}

/// The document holding a counter: a collection, and the `$parameter` giving the document's id.
public struct CounterSyntax: Sendable {
    public var collection: Located<String>
    public var id: Located<String>
}

/// What a declared write sets a field to.
public enum WriteValueSyntax: Sendable {
    case literal(Literal)
    /// `$text`: a parameter of the write.
    case parameter(String)
    /// `serverTimestamp()`: the server's time when the write reaches it.
    case serverTimestamp
    /// `increment(1)`, `increment($n)`: the stored number plus an operand.
    case increment(IncrementOperand)

    public enum IncrementOperand: Sendable {
        case literal(Literal)
        case parameter(String)
    }
}
