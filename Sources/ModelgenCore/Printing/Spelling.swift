/// How one output language spells what every language prints alike: names, then tables of
/// types, literals, strings, doc comments, syntax and store queries, then the arrangement of a
/// stream method's parts. The shared printers (``Expressions``, ``StreamPrinter``) are written
/// once over it; each language's folder holds its own.
protocol Spelling: Sendable {
    // MARK: Tables

    var names: NameTable { get }
    var types: TypeTable { get }
    /// Decoded values written in code: `0L`, `emptyList()`.
    var literals: LiteralTable { get }
    var strings: StringLiteralStyle { get }
    var docComments: DocCommentStyle { get }
    var syntax: SyntaxTable { get }
    var queries: QueryTable { get }
    /// The stored value of the parameter `variable` (spelled) of `type`: `uid.documentValue`.
    func storedValue(ofVariable variable: String, type: FieldType) -> String

    // MARK: Stream methods

    /// The method: doc lines, then the signature around `body`, as a member of the model.
    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String]
    /// One document by path, decoded into a row of `type`.
    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String]
    /// A store query, decoded into rows of `type`.
    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String]
    /// How many rows of `type` a store query yields that match `predicate` (a closure).
    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String]
    /// The runtime's row operator `name` (`filterRows`, `countRows`, `distinctRows`) applied to the stream `input`.
    func rowOperator(_ name: String, on input: String, closure: String?) -> [String]
    func joinStream(_ join: JoinParts) -> [String]
    /// The runtime's aggregate of `field` over rows of `element`, whose `key` closure reads it: `.sum(of: \Task.estimate)`.
    func aggregate(_ function: StreamKind.Aggregate.Function, of field: FieldPath, over element: String, key: String) -> String
    /// The runtime's count of rows of `element`, as an aggregate to group: `.count`.
    func countAggregate(over element: String) -> String
    /// `aggregate` for each value of `path` over rows of `element`, read by the closure `key`, its
    /// groups of `Grouped<keyType, valueType>`: `.grouped(by: \Task.status, .count)`.
    func grouped(_ aggregate: String, by path: FieldPath, over element: String, key: String, types: (key: String, value: String)) -> String
    /// An aggregate of the rows of `type` a store query yields that match `predicate` (a closure).
    func queryAggregate(_ members: ModelMembers, query: [String], type: String, aggregate: String, predicate: String?) -> [String]
    /// A sort key of rows of `element`, read by the closure `key`: `.ascending { $0.owner?.name }`.
    func rowOrder(_ key: String, of element: String, descending: Bool) -> String
    /// The runtime's `sortRows` applied to the stream `input`: its rows by `orders`, the first `limit`.
    func sortRows(on input: String, orders: [String], limit: String?) -> [String]
    /// The runtime's `aggregateRows` applied to the stream `input`.
    func aggregateRows(on input: String, aggregate: String, predicate: String?) -> [String]
    /// The latest value of each stream a combine reads, as its record.
    func combineStream(_ combine: CombineParts) -> [String]
    /// A live stream's `body` debounced by `milliseconds` on `scheduler`, the model's.
    func debounced(_ body: [String], milliseconds: Int, scheduler: String) -> [String]

    // MARK: One-shot reads

    /// The read method around `body`, as a member of the model: it returns what the stream
    /// emits (`emission`, spelled for the stream) once, as the language returns one result.
    /// `scheduler` is the model's scheduler as the method's body names it.
    func readMethod(doc: [String], name: String, parameters: [String], output: StreamOutput, emission: String, scheduler: String, body: [String]) -> [String]
    /// One document by path, read once and decoded into a row of `type`.
    func documentRead(_ members: ModelMembers, path: String, type: String) -> [String]
    /// A store query, read once and decoded into rows of `type`.
    func queryRead(_ members: ModelMembers, query: [String], type: String) -> [String]
    /// How many rows of `type` one read of a store query yields that match `predicate`.
    func queryCountRead(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String]
    /// `filterRows`, `countRows` or `distinctRows` over the rows `input` (a read) yields.
    func rowOperatorRead(_ name: String, on input: String, closure: String?) -> [String]
    /// A join of two reads.
    func joinRead(_ join: JoinParts) -> [String]
    /// The rows `input` (a read) yields by `orders`, the first `limit`.
    func sortRowsRead(on input: String, orders: [String], limit: String?) -> [String]
    /// The aggregate of the rows `input` (a read) yields.
    func aggregateRowsRead(on input: String, aggregate: String, predicate: String?) -> [String]
    /// The reads of the streams a combine reads, run at the same time, as its record.
    func combineRead(_ combine: CombineParts) -> [String]

    // MARK: Store queries

    /// The query of the query stream `name` (a member of ``queries(_:)``), for `arguments`.
    func queryCall(_ name: String, arguments: String) -> String
    /// The model's store queries, each a function of its stream's parameters, in a member of the
    /// model that only the model reads.
    func queries(_ helpers: [QueryHelper]) -> [String]
}

/// A store query of the model, printed: its stream's name and parameters, and the query.
struct QueryHelper {
    var name: String
    var parameters: [String]
    var query: [String]
}

/// How a language turns schema names into identifiers, by what they name.
struct NameTable: Sendable {
    /// A type: `Message`.
    var type: @Sendable (String) -> String
    /// A property or a method: `ownerUid`.
    var member: @Sendable (String) -> String
    /// A parameter or a local: `roomId`.
    var variable: @Sendable (String) -> String
    /// A call's label for a parameter, where the language labels arguments.
    var label: (@Sendable (String) -> String)? = nil
    /// A string enum's case for a value, where the language names cases: `inProgress`, `IN_PROGRESS`.
    var enumCase: (@Sendable (String) -> String)? = nil
}

/// How a language writes the small things every printer needs, mostly as patterns where
/// `%` (or `$name`) stands for what goes in.
struct SyntaxTable: Sendable {
    /// One level of indentation.
    var indent: String
    /// `self`, `this`; and whether a member of the model is always reached through it, or only
    /// where a parameter has its name.
    var selfReference: String
    var qualifiesEveryMember = false
    /// Whether `a?.b.c` skips the rest of the chain when `a` is nil (Swift), so that only an
    /// optional step is followed by `?.`; else every step after one is (Kotlin).
    var optionalChainShortCircuits = false
    /// A type named in a doc comment: ``` ``%`` ```, `[%]`, `{@link %}`.
    var docLink: String
    /// A row predicate as a closure, over `$row` of `$type`: `{ $row in $body }`.
    var closure: String
    /// A join key as a closure; `$row` is ``implicitRow`` where the language has one.
    var keyClosure: String
    /// The row of a key closure where the language names it itself: `$0`, `it`.
    var implicitRow: String?
    /// What a document stream and a count emit: `%?`, `Int`.
    var document: String
    var count: String
    /// A row predicate's test of a value against null, and its negation: `% == nil`, `% != nil`.
    var nullTest = (isNull: "% == null", isNotNull: "% != null")
    /// A new value of a class, from its call `Type(arguments)`: `new %` in TypeScript.
    var newInstance = "%"
}

/// How a language writes a store query for its runtime.
struct QueryTable: Sendable {
    /// A stored field path, from the keys quoted and joined: `[%]`, `FieldPath.of(%)`.
    var field: String
    var documentID: String
    /// Stored values written in code: `10`, `DocumentValue.IntValue(10L)`.
    var values: LiteralTable
    /// A comparison: `$field`, `$op` (from ``operators``) and `$value` go in.
    var comparison: String
    var operators: [ComparisonOperator: String]
    /// What opens and closes the terms of an `and` and of an `or`.
    var and: (open: String, close: String)
    var or: (open: String, close: String)
    /// An order key: `$direction` is `ascending` or `descending`.
    var order: String
    /// An `int` parameter as the query's limit takes it: `%`, or `%.toInt()` where the limit is narrower.
    var limitParameter = "%"
    /// A bound: `$values` (a list of stored values) and `$inclusive` (`true` or `false`) go in.
    var bound: String
    /// A row cursor's bound, nil when the optional `$parameter` is: `$bound` reads the row as
    /// `$row`, or as the parameter itself where the template names no row.
    var rowBound: String
    /// A field reached through an optional step (`row.address?.city`), as a value of the field's optional type.
    var optionalChain = "%"
    /// The query: its parts, each labelled (`$label: `), one a line inside `open` … `close`.
    var open: String
    var label: String
    var close: String
    /// The parts that make a query a collection group's, in place of its collection: `$id` is
    /// the collection id quoted, `$path` a list of it.
    var collectionGroup: [(label: String, value: String)]
    var trailingCommas = false
}

/// The model's members a stream method reads, as the method reaches them (`store`, `self.store`).
struct ModelMembers {
    var store: String
    var scheduler: String
    var onDecodeFailure: String
}

/// A combine, printed: its record type and, for each member, the call of its stream (or read).
struct CombineParts {
    var type: String
    var members: [Member]

    struct Member {
        /// The record's member, and the local (a closure's parameter, a read's value) holding it.
        var name: String
        var local: String
        /// The local passed for the member to the record's initializer: `room: room` where calls label it.
        var argument: String
        var call: String
        var output: StreamOutput
    }
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
    func typeName(_ name: String) -> String { names.type(name) }
    func memberName(_ name: String) -> String { names.member(name) }
    func variableName(_ name: String) -> String { names.variable(name) }
    /// A call's label for the parameter `name`, or nil where arguments go by position.
    func argumentLabel(_ name: String) -> String? { names.label?(name) }
    /// `value` passed for the parameter `name`: `roomId: value` where calls label it, else `value`.
    func labelled(_ value: String, for name: String) -> String {
        argumentLabel(name).map { "\($0): \(value)" } ?? value
    }

    func type(_ type: FieldType) -> String {
        types.spell(type, typeName: typeName)
    }

    /// A decoded value of `type`, written in code; a string of an enum type is its case.
    func literal(_ literal: Literal, as type: FieldType) -> String {
        if case let .string(value) = literal, case let .object(name) = type.nonOptional {
            return literals.enumValue.filling(["type": typeName(name), "case": names.enumCase?(value) ?? value, "value": strings.quoted(value)])
        }
        return literals.spell(literal, as: type, strings: strings)
    }

    func list(_ items: [String]) -> String {
        literals.list.filling(items.joined(separator: ", "))
    }

    /// What a stream emits: `[Message]`, `Optional<Room>`, `number`.
    func emission(_ output: StreamOutput) -> String {
        switch output {
        case let .list(element): type(.array(.object(element)))
        case let .document(type): syntax.document.filling(typeName(type))
        case .count: syntax.count
        case let .value(type): type.isOptional ? syntax.document.filling(self.type(type.nonOptional)) : self.type(type)
        case let .record(type): typeName(type)
        case let .groups(key, value): types.array.filling("Grouped<\(self.type(key)), \(self.type(value))>")
        }
    }

    /// A record member holding what a stream emits: a missing document or value as the
    /// language's optional type (`Room?`, `Room | null`), though the stream emits `Optional<Room>`.
    func memberType(_ output: StreamOutput) -> String {
        switch output {
        case let .document(type): self.type(.optional(.object(type)))
        case let .value(type): self.type(type)
        default: emission(output)
        }
    }

    /// The doc comment of a combine stream's record type.
    func recordDoc(_ record: RecordType) -> [String] {
        docComments.lines("What `\(memberName(record.stream))` emits: the latest value of each of its streams.")
    }

    /// The doc comment of a join's row type: "A Message with its owner, if there is one."
    func joinDoc(_ join: JoinType) -> [String] {
        let optional = join.right.type.isOptional ? ", if there is one" : ""
        return docComments.lines("A \(syntax.docLink.filling(type(join.left.type))) with its \(join.right.name)\(optional).")
    }

    /// The doc comment of a collection group's row type.
    func groupRowDoc(_ row: GroupRowType) -> [String] {
        docComments.lines("A \(syntax.docLink.filling(typeName(row.collection))) and the parameters of its path, `\(row.path)/{id}`: a row of a collection-group stream.")
    }

    /// The doc comment of a reference type: "A reference to a Member, the document at `…`."
    func referenceDoc(_ reference: ReferenceType) -> [String] {
        docComments.lines("A reference to a \(syntax.docLink.filling(typeName(reference.collection))), the document at `\(reference.path)/{id}`.")
    }

    /// The path of the document a reference type's value refers to: its literal segments quoted,
    /// its parameters and id read from `value` (`value.roomId`), or from the type itself.
    func referencePath(_ reference: ReferenceType, of value: String?) -> [String] {
        let member = { (name: String) in value.map { "\($0).\(self.memberName(name))" } ?? self.memberName(name) }
        return reference.segments.map { segment in
            switch segment {
            case let .literal(text): strings.quoted(text)
            case let .parameter(name): member(name)
            }
        } + [member("id")]
    }

    /// The doc comment of a type's codec.
    func codecDoc(_ type: DeclaredType) -> String {
        "Decodes and encodes \(syntax.docLink.filling(typeName(type.name))) \(type.isCollection ? "documents" : "values")."
    }
}
