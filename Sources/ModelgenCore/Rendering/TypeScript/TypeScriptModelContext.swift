/// The TypeScript model class: one method per stream.
struct TypeScriptModelContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "streams": \.streams]

    var name: String
    var docLines: [String]
    /// The methods, each rendered by `typescript/stream.stencil`.
    var streams: String

    init(model: Model, streams: [String]) {
        name = TypeScriptNames.type(model.typeName)
        docLines = TypeScriptSyntax.docLines(model.doc)
        self.streams = Lines.blocks(streams)
    }
}

struct TypeScriptStreamContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["docLines": \.docLines, "signature": \.signature, "body": \.body]

    var docLines: [String]
    /// `messages(roomId: string): Observable<readonly Message[]> {`.
    var signature: String
    var body: [String]

    init(_ stream: StreamDefinition, in model: ModelIndex) {
        docLines = TypeScriptSyntax.docLines(stream.doc)
        let parameters = stream.parameters.map { "\(TypeScriptNames.variable($0.name)): \(TypeScriptSyntax.type($0.type))" }
        let output = switch stream.output {
        case let .list(element): "readonly \(TypeScriptNames.type(element))[]"
        case let .document(type): "\(TypeScriptNames.type(type)) | null"
        case .count: "number"
        }
        signature = "\(TypeScriptNames.property(stream.name))(\(parameters.joined(separator: ", "))): Observable<\(output)> {"
        body = Self.body(stream, in: model)
    }

    private static func body(_ stream: StreamDefinition, in model: ModelIndex) -> [String] {
        switch stream.kind {
        case let .document(collection):
            let path = TypeScriptExpressions.path(model.collection(named: collection)?.path ?? [], appending: ["id"])
            return ["return documentStream(this.store, \(path), \(TypeScriptNames.type(collection)), this.scheduler, this.onDecodeFailure);"]
        case let .query(query):
            return ["return collectionStream("] + queryArguments(query, in: model) + [");"]
        case let .filter(filter):
            let row = rowName(filter.element, stream: stream)
            return ["return \(call(filter.input, in: model)).pipe(filterRows((\(row): \(TypeScriptNames.type(filter.element))) => \(TypeScriptExpressions.predicate(filter.predicate, row: row))));"]
        case let .count(count):
            let row = rowName(count.element, stream: stream)
            let predicateFunction = { (predicate: Predicate) in
                "(\(row): \(TypeScriptNames.type(count.element))) => \(TypeScriptExpressions.predicate(predicate, row: row))"
            }
            guard let (query, predicates) = model.countedQuery(count) else {
                return ["return \(call(count.input, in: model)).pipe(countRows(\(count.predicate.map(predicateFunction) ?? "")));"]
            }
            let predicate = Predicate.all(predicates).map { ["  \(predicateFunction($0)),"] } ?? []
            return ["return countStream("] + queryArguments(query, in: model) + predicate + [");"]
        case let .join(join):
            guard let row = model.join(named: join.type),
                  let left = model.stream(named: join.left), let right = model.stream(named: join.right),
                  case let .list(leftElement) = left.output, case let .list(rightElement) = right.output else { return [] }
            let leftName = rowName(leftElement, stream: stream), rightName = rowName(rightElement, stream: stream, avoiding: leftName)
            let (leftProperty, rightProperty) = (TypeScriptNames.property(row.left.name), TypeScriptNames.property(row.right.name))
            let leftVariable = TypeScriptNames.variable(row.left.name), rightVariable = TypeScriptNames.variable(row.right.name)
            let combine = "(\(leftVariable), \(rightVariable)) => ({ "
                + (leftProperty == leftVariable ? leftVariable : "\(leftProperty): \(leftVariable)") + ", "
                + (rightProperty == rightVariable ? rightVariable : "\(rightProperty): \(rightVariable)") + " })"
            return [
                "return \(call(join.left, in: model)).pipe(",
                "  \(join.inner ? "innerJoin" : "leftJoin")(",
                "    \(call(join.right, in: model)),",
                "    (\(leftName): \(TypeScriptNames.type(leftElement))) => \(TypeScriptExpressions.access(join.leftKey, on: leftName)),",
                "    (\(rightName): \(TypeScriptNames.type(rightElement))) => \(TypeScriptExpressions.access(join.rightKey, on: rightName)),",
                "    \(combine),",
                "  ),",
                ");",
            ]
        }
    }

    /// The arguments of `collectionStream` and `countStream`, a line each, indented.
    private static func queryArguments(_ query: StreamKind.Query, in model: ModelIndex) -> [String] {
        var properties = [["collection: \(TypeScriptExpressions.path(model.collection(named: query.collection)?.path ?? []))"]]
        if let filter = query.filter {
            var lines = TypeScriptExpressions.storeFilter(filter)
            lines[0] = "filter: " + lines[0]
            properties.append(lines)
        }
        if !query.orderBy.isEmpty {
            let keys = query.orderBy.map { "QueryOrder.\($0.descending ? "descending" : "ascending")(\(TypeScriptExpressions.storeField($0.path)))" }
            properties.append(["orderBy: [\(keys.joined(separator: ", "))]"])
        }
        if let limit = query.limit { properties.append(["limit: \(limit)"]) }
        return ["  this.store,", "  {"]
            + Lines.terminated(properties).map { "    " + $0 }
            + ["  },", "  \(TypeScriptNames.type(query.collection)),", "  this.scheduler,", "  this.onDecodeFailure,"]
    }

    private static func call(_ name: String, in model: ModelIndex) -> String {
        let arguments = (model.stream(named: name)?.parameters ?? []).map { TypeScriptNames.variable($0.name) }
        return "this.\(TypeScriptNames.property(name))(\(arguments.joined(separator: ", ")))"
    }

    private static func rowName(_ element: String, stream: StreamDefinition, avoiding other: String? = nil) -> String {
        let name = NameCase.lowerCamel(element)
        let taken = stream.parameters.contains { $0.name == name } || TypeScriptNames.variable(name) != name || name == other
        return taken ? (other == "row" ? "match" : "row") : name
    }
}
