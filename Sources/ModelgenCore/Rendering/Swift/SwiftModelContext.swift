/// The model type: one method per stream.
struct SwiftModelContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "streams": \.streams]

    var name: String
    var docLines: [String]
    /// The methods, each rendered by `swift/stream.stencil`.
    var streams: String

    init(model: Model, streams: [String]) {
        name = SwiftNames.identifier(model.typeName)
        docLines = SwiftSyntax.docLines(model.doc)
        self.streams = Lines.blocks(streams)
    }
}

struct SwiftStreamContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["docLines": \.docLines, "signature": \.signature, "body": \.body]

    var docLines: [String]
    /// `func messages(roomId: String) -> AnyPublisher<[Message], any Error>`.
    var signature: String
    /// The body, one line each, indented relative to the body.
    var body: [String]

    init(_ stream: StreamDefinition, in model: ModelIndex) {
        docLines = SwiftSyntax.docLines(stream.doc)
        let parameters = stream.parameters.map { "\(SwiftNames.identifier($0.name)): \(SwiftSyntax.type($0.type))" }
        let output = switch stream.output {
        case let .list(element): "[\(SwiftNames.identifier(element))]"
        case let .document(type): "\(SwiftNames.identifier(type))?"
        case .count: "Int"
        }
        signature = "func \(SwiftNames.identifier(stream.name))(\(parameters.joined(separator: ", "))) -> AnyPublisher<\(output), any Error>"
        body = Self.body(stream, in: model)
    }

    private static func body(_ stream: StreamDefinition, in model: ModelIndex) -> [String] {
        let (store, scheduler, onDecodeFailure) = (
            member("store", of: stream), member("scheduler", of: stream), member("onDecodeFailure", of: stream)
        )
        switch stream.kind {
        case let .document(collection):
            let path = model.collection(named: collection)?.path ?? []
            return [
                "DocumentStream.publisher(",
                "    store: \(store),",
                "    path: \(SwiftExpressions.path(path, appending: ["id"])),",
                "    scheduler: \(scheduler),",
                "    onDecodeFailure: \(onDecodeFailure)",
                ")",
            ]
        case let .query(query):
            return [
                "CollectionStream.publisher(",
                "    store: \(store),",
            ] + storeQuery(query, in: model) + [
                "    scheduler: \(scheduler),",
                "    onDecodeFailure: \(onDecodeFailure)",
                ")",
            ]
        case let .filter(filter):
            let row = rowName(filter.element, stream: stream)
            return [
                call(filter.input, from: stream, in: model),
                "    .filterRows { \(row) in \(SwiftExpressions.predicate(filter.predicate, row: row)) }",
            ]
        case let .count(count):
            let row = rowName(count.element, stream: stream)
            guard let (query, predicates) = model.countedQuery(count) else {
                guard let predicate = count.predicate else { return [call(count.input, from: stream, in: model), "    .countRows()"] }
                return [
                    call(count.input, from: stream, in: model),
                    "    .countRows { \(row) in \(SwiftExpressions.predicate(predicate, row: row)) }",
                ]
            }
            let lines = [
                "CollectionStream.count(",
                "    of: \(SwiftNames.identifier(count.element)).self,",
                "    store: \(store),",
            ] + storeQuery(query, in: model) + [
                "    scheduler: \(scheduler),",
                "    onDecodeFailure: \(onDecodeFailure)",
                ")",
            ]
            guard let predicate = Predicate.all(predicates) else { return lines }
            return lines.dropLast() + [") { \(row) in \(SwiftExpressions.predicate(predicate, row: row)) }"]
        case let .join(join):
            let method = join.inner ? "innerJoin" : "leftJoin"
            let leftKey = SwiftExpressions.access(join.leftKey, on: "$0")
            let rightKey = SwiftExpressions.access(join.rightKey, on: "$0")
            return [
                call(join.left, from: stream, in: model),
                "    .\(method)(\(call(join.right, from: stream, in: model)), on: { \(leftKey) }, equals: { \(rightKey) }, into: \(SwiftNames.identifier(join.type)).init)",
            ]
        }
    }

    /// The `query:` argument, over lines indented relative to the call.
    private static func storeQuery(_ query: StreamKind.Query, in model: ModelIndex) -> [String] {
        var arguments = [["collection: \(SwiftExpressions.path(model.collection(named: query.collection)?.path ?? []))"]]
        if let filter = query.filter {
            var lines = SwiftExpressions.storeFilter(filter)
            lines[0] = "filter: " + lines[0]
            arguments.append(lines)
        }
        if !query.orderBy.isEmpty {
            let keys = query.orderBy.map { ".\($0.descending ? "descending" : "ascending")(\(SwiftExpressions.storeField($0.path)))" }
            arguments.append(["orderBy: [\(keys.joined(separator: ", "))]"])
        }
        if let limit = query.limit { arguments.append(["limit: \(limit)"]) }
        return ["    query: StoreQuery("] + Lines.separated(arguments).map { "        " + $0 } + ["    ),"]
    }

    /// A member of the model (a property or a stream method), through `self.` when a parameter of
    /// the stream has its name.
    private static func member(_ identifier: String, of stream: StreamDefinition) -> String {
        stream.parameters.contains { SwiftNames.identifier($0.name) == identifier } ? "self.\(identifier)" : identifier
    }

    /// `messages(roomId: roomId)`: an input stream called with its parameters; through `self.`
    /// when a parameter of the calling stream has the input's name.
    private static func call(_ name: String, from stream: StreamDefinition, in model: ModelIndex) -> String {
        let arguments = (model.stream(named: name)?.parameters ?? []).map {
            "\(SwiftNames.argumentLabel($0.name)): \(SwiftNames.identifier($0.name))"
        }
        return "\(member(SwiftNames.identifier(name), of: stream))(\(arguments.joined(separator: ", ")))"
    }

    /// The closure parameter for a row: `message`, or `row` if a stream parameter has that name.
    private static func rowName(_ element: String, stream: StreamDefinition) -> String {
        let name = NameCase.lowerCamel(element)
        let taken = stream.parameters.contains { $0.name == name } || SwiftNames.identifier(name) != name
        return taken ? "row" : name
    }
}
