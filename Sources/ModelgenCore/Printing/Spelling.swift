/// How one output language spells what every language prints alike: names, types, literals,
/// strings and doc comments, store queries, and the parts of a stream method. The shared
/// printers (``Expressions``, ``StreamPrinter``) are written once over it; each language's
/// folder holds its spelling and the declarations that are its alone.
protocol Spelling: Sendable {
    // MARK: Names

    /// A type: `Message`.
    func typeName(_ name: String) -> String
    /// A property or a method: `ownerUid`.
    func memberName(_ name: String) -> String
    /// A parameter or a local: `roomId`.
    func variableName(_ name: String) -> String
    /// A call's label for the parameter `name`, or nil where arguments go by position.
    func argumentLabel(_ name: String) -> String?

    // MARK: Types and values

    var types: TypeTable { get }
    /// Values written in code: `0L`, `emptyList()`.
    var literals: LiteralTable { get }
    /// A list: `[a, b]`, `listOf(a, b)`.
    func list(_ items: [String]) -> String
    var strings: StringLiteralStyle { get }
    var docComments: DocCommentStyle { get }
    /// A reference to a type in a doc comment: ``` ``Message`` ```, `[Message]`, `{@link Message}`.
    func docLink(_ typeName: String) -> String
    /// One level of indentation.
    var indent: String { get }

    // MARK: The model's members

    /// `self`, `this`.
    var selfReference: String { get }
    /// Whether a member of the model is always reached through ``selfReference``, or only where a
    /// parameter has its name.
    var qualifiesEveryMember: Bool { get }

    // MARK: Store queries

    /// A stored field path: `["address", "city"]`, `FieldPath.of("address", "city")`.
    func storeField(keys: [String]) -> String
    var storeDocumentID: String { get }
    /// Stored values written in code: `10`, `DocumentValue.IntValue(10L)`.
    var storedLiterals: LiteralTable { get }
    /// The stored value of the parameter `variable` (already spelled) of `type`.
    func storeValue(variable: String, type: FieldType) -> String
    func storeList(_ items: [String]) -> String
    func storeComparison(field: String, op: ComparisonOperator, value: String) -> String
    /// What opens and closes the terms of an `and` or an `or`.
    func storeJunction(and: Bool) -> (open: String, close: String)
    func orderKey(field: String, descending: Bool) -> String
    /// A store query from its labelled parts, each of one or more lines.
    func storeQuery(_ parts: [(label: String, lines: [String])]) -> [String]

    // MARK: Stream methods

    /// What a stream emits: `[Message]`, `Optional<Room>`, `number`.
    func emission(_ output: StreamOutput) -> String
    /// A row predicate as a closure: `{ message in … }`, `(message: Message) => …`.
    func closure(row: String, type: String, body: String) -> String
    /// The row of a key closure where the language names it itself (`$0`, `it`), else nil.
    var implicitRow: String? { get }
    /// A join key as a closure over `row` (``implicitRow`` where there is one): `{ $0.ownerUid }`.
    func keyClosure(row: String, type: String, body: String) -> String
    /// The method: doc lines, then the signature around `body`, as a member of the model.
    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String]
    /// One document by path.
    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String]
    /// A store query, decoded into rows of `type`.
    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String]
    /// The number of rows of `type` a store query yields that match `predicate` (a closure).
    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String]
    /// The runtime's row operator `name` (`filterRows`, `countRows`) applied to the stream `input`.
    func rowOperator(_ name: String, on input: String, closure: String?) -> [String]
    func join(_ join: JoinParts) -> [String]
}

/// The model's members a stream method reads, as the method reaches them (`store`, `self.store`).
struct ModelMembers {
    var store: String
    var scheduler: String
    var onDecodeFailure: String
}

/// A join, printed: the calls of the streams it reads and its key closures; and its row type.
struct JoinParts {
    var left: String
    var right: String
    var leftKey: String
    var rightKey: String
    var row: JoinType
    var inner: Bool
}

extension Spelling {
    func type(_ type: FieldType) -> String {
        types.spell(type, typeName: typeName)
    }

    /// A decoded value of `type`, written in code.
    func literal(_ literal: Literal, as type: FieldType) -> String {
        literals.spell(literal, as: type, strings: strings)
    }

    /// A stored value, written in code.
    func storeValue(_ literal: Literal) -> String {
        storedLiterals.spell(literal, as: .string, strings: strings)
    }

    /// The doc comment of a join's row type: "A Message with its owner, if there is one."
    func joinDoc(_ join: JoinType) -> [String] {
        let optional = join.right.type.isOptional ? ", if there is one" : ""
        return docComments.lines("A \(docLink(type(join.left.type))) with its \(join.right.name)\(optional).")
    }

    /// The doc comment of a type's codec.
    func codecDoc(_ type: DeclaredType) -> String {
        "Decodes and encodes \(docLink(typeName(type.name))) \(type.isCollection ? "documents" : "values")."
    }
}
