/// The Kotlin model class: one method per stream.
struct KotlinModelContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "streams": \.streams]

    var name: String
    var docLines: [String]
    /// The methods, each rendered by `kotlin/stream.stencil`.
    var streams: String

    init(model: Model, streams: [String]) {
        name = KotlinNames.identifier(model.typeName)
        docLines = KotlinSyntax.docLines(model.doc)
        self.streams = Lines.blocks(streams)
    }
}

struct KotlinStreamContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["docLines": \.docLines, "signature": \.signature, "body": \.body]

    var docLines: [String]
    /// `fun messages(roomId: String): Observable<List<Message>> =`.
    var signature: String
    var body: [String]

    init(_ stream: StreamDefinition, in model: ModelIndex) {
        docLines = KotlinSyntax.docLines(stream.doc)
        let parameters = stream.parameters.map { "\(KotlinNames.identifier($0.name)): \(KotlinSyntax.type($0.type))" }
        let output = switch stream.output {
        case let .list(element): "List<\(KotlinNames.identifier(element))>"
        case let .document(type): "Optional<\(KotlinNames.identifier(type))>"
        case .count: "Int"
        }
        signature = "fun \(KotlinNames.identifier(stream.name))(\(parameters.joined(separator: ", "))): Observable<\(output)> ="
        body = Self.body(stream, in: model)
    }

    private static func body(_ stream: StreamDefinition, in model: ModelIndex) -> [String] {
        switch stream.kind {
        case let .document(collection):
            let path = KotlinExpressions.path(model.collection(named: collection)?.path ?? [], appending: ["id"])
            let (store, scheduler, onDecodeFailure) = (
                member("store", of: stream), member("scheduler", of: stream), member("onDecodeFailure", of: stream)
            )
            return ["DocumentStream.observe(\(store), \(path), \(KotlinNames.identifier(collection)), \(scheduler), \(onDecodeFailure))"]
        case let .query(query):
            return ["CollectionStream.observe("] + queryArguments(query, of: stream, in: model) + [")"]
        case let .filter(filter):
            let row = rowName(filter.element, stream: stream)
            return ["\(call(filter.input, from: stream, in: model)).filterRows { \(row) -> \(KotlinExpressions.predicate(filter.predicate, row: row)) }"]
        case let .count(count):
            let row = rowName(count.element, stream: stream)
            guard let (query, predicates) = model.countedQuery(count) else {
                guard let predicate = count.predicate else { return ["\(call(count.input, from: stream, in: model)).countRows()"] }
                return ["\(call(count.input, from: stream, in: model)).countRows { \(row) -> \(KotlinExpressions.predicate(predicate, row: row)) }"]
            }
            let lines = ["CollectionStream.count("] + queryArguments(query, of: stream, in: model) + [")"]
            guard let predicate = Predicate.all(predicates) else { return lines }
            return lines.dropLast() + [") { \(row) -> \(KotlinExpressions.predicate(predicate, row: row)) }"]
        case let .join(join):
            let method = join.inner ? "innerJoin" : "leftJoin"
            return [
                "\(call(join.left, from: stream, in: model)).\(method)(",
                "    \(call(join.right, from: stream, in: model)),",
                "    { \(KotlinExpressions.access(join.leftKey, on: "it")) },",
                "    { \(KotlinExpressions.access(join.rightKey, on: "it")) },",
                "    ::\(KotlinNames.identifier(join.type))",
                ")",
            ]
        }
    }

    /// The arguments of `CollectionStream.observe` and `count`, a line each, indented.
    private static func queryArguments(_ query: StreamKind.Query, of stream: StreamDefinition, in model: ModelIndex) -> [String] {
        var arguments = [["collection = \(KotlinExpressions.path(model.collection(named: query.collection)?.path ?? []))"]]
        if let filter = query.filter {
            var lines = KotlinExpressions.storeFilter(filter)
            lines[0] = "filter = " + lines[0]
            arguments.append(lines)
        }
        if !query.orderBy.isEmpty {
            let keys = query.orderBy.map { "QueryOrder.\($0.descending ? "descending" : "ascending")(\(KotlinExpressions.storeField($0.path)))" }
            arguments.append(["orderBy = listOf(\(keys.joined(separator: ", ")))"])
        }
        if let limit = query.limit { arguments.append(["limit = \(limit)"]) }
        return ["    \(member("store", of: stream)),", "    StoreQuery("]
            + Lines.separated(arguments).map { "        " + $0 }
            + ["    ),", "    \(KotlinNames.identifier(query.collection)),", "    \(member("scheduler", of: stream)),", "    \(member("onDecodeFailure", of: stream))"]
    }

    /// A member of the model (a property or a stream method), through `this.` when a parameter of
    /// the stream has its name.
    private static func member(_ identifier: String, of stream: StreamDefinition) -> String {
        stream.parameters.contains { KotlinNames.identifier($0.name) == identifier } ? "this.\(identifier)" : identifier
    }

    /// An input stream called with its parameters; through `this.` when a parameter of the
    /// calling stream has the input's name.
    private static func call(_ name: String, from stream: StreamDefinition, in model: ModelIndex) -> String {
        let arguments = (model.stream(named: name)?.parameters ?? []).map { KotlinNames.identifier($0.name) }
        return "\(member(KotlinNames.identifier(name), of: stream))(\(arguments.joined(separator: ", ")))"
    }

    private static func rowName(_ element: String, stream: StreamDefinition) -> String {
        let name = NameCase.lowerCamel(element)
        let taken = stream.parameters.contains { $0.name == name } || KotlinNames.identifier(name) != name
        return taken ? "row" : name
    }
}
