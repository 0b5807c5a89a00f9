/// Prints a stream as a method of the model: what each kind of stream reads and how its parts
/// are made is decided here, once; the language's ``Spelling`` arranges the parts.
struct StreamPrinter {
    let spelling: any Spelling
    let model: ModelIndex

    private var expressions: Expressions { Expressions(spelling: spelling) }

    /// A stream's method, documented with the schema's `doc`, else with what it emits and reads.
    func method(_ stream: StreamDefinition) -> [String] {
        var (doc, body) = (stream.doc ?? StreamSummary.sentence(stream), body(stream, form: .live))
        if let debounce = stream.debounce {
            let duration = debounce % 1000 == 0 ? "\(debounce / 1000) s" : "\(debounce) ms"
            let waits = "Emits its latest value once its input has been quiet for \(duration) (on `scheduler`)."
            doc += "\n\n\(waits)"
            body = spelling.debounced(body, milliseconds: debounce, scheduler: member("scheduler", of: stream))
        }
        return spelling.method(
            doc: spelling.docComments.lines(doc), name: spelling.memberName(stream.name), parameters: parameters(stream),
            emission: spelling.emission(stream.output), body: body
        )
    }

    /// The stream's one-shot read: its value, read once by the same rules.
    func readMethod(_ stream: StreamDefinition) -> [String] {
        let live = "`\(spelling.memberName(stream.name))`"
        let doc = stream.doc.map { "\($0)\n\nReads it once; \(live) streams it." } ?? "Reads \(live) once."
        return spelling.readMethod(
            doc: spelling.docComments.lines(doc),
            name: spelling.memberName(stream.readName),
            parameters: parameters(stream),
            output: stream.output,
            emission: spelling.emission(stream.output),
            scheduler: member("scheduler", of: stream),
            body: body(stream, form: .read)
        )
    }

    /// A live stream or its one-shot read.
    private enum Form {
        case live, read
    }

    private func parameters(_ stream: StreamDefinition) -> [String] {
        stream.parameters.map { "\(spelling.variableName($0.name)): \(spelling.type($0.type))" }
    }

    private func body(_ stream: StreamDefinition, form: Form) -> [String] {
        let members = ModelMembers(
            store: member("store", of: stream), scheduler: member("scheduler", of: stream),
            onDecodeFailure: member("onDecodeFailure", of: stream)
        )
        let live = form == .live
        switch stream.kind {
        case let .document(collection):
            let path = expressions.path(model.collection(named: collection)?.path ?? [], appending: [spelling.variableName("id")])
            let type = spelling.typeName(collection)
            return live ? spelling.documentStream(members, path: path, type: type) : spelling.documentRead(members, path: path, type: type)
        case let .query(query):
            let (type, call) = (spelling.typeName(query.rowType), [queryCall(stream)])
            return live ? spelling.queryStream(members, query: call, type: type) : spelling.queryRead(members, query: call, type: type)
        case let .filter(filter):
            let (input, test) = (call(filter.input, from: stream, form: form), closure(filter.predicate, over: filter.element, in: stream))
            return live ? spelling.rowOperator("filterRows", on: input, closure: test) : spelling.rowOperatorRead("filterRows", on: input, closure: test)
        case let .count(count):
            guard let (source, query, predicates) = model.countedQuery(count) else {
                let (input, test) = (call(count.input, from: stream, form: form), count.predicate.map { closure($0, over: count.element, in: stream) })
                return live ? spelling.rowOperator("countRows", on: input, closure: test) : spelling.rowOperatorRead("countRows", on: input, closure: test)
            }
            let predicate = Predicate.all(predicates).map { closure($0, over: count.element, in: stream) }
            let (type, call) = (spelling.typeName(query.rowType), [queryCall(source)])
            return live
                ? spelling.queryCount(members, query: call, type: type, predicate: predicate)
                : spelling.queryCountRead(members, query: call, type: type, predicate: predicate)
        case let .join(join):
            let parts = joinParts(join, in: stream, form: form)
            return live ? spelling.joinStream(parts) : spelling.joinRead(parts)
        case let .distinct(distinct):
            let key = rowKey(distinct.key, of: distinct.element, in: stream)
            let input = call(distinct.input, from: stream, form: form)
            return live ? spelling.rowOperator("distinctRows", on: input, closure: key) : spelling.rowOperatorRead("distinctRows", on: input, closure: key)
        case let .aggregate(aggregate):
            let value = spelling.aggregate(aggregate.function, of: aggregate.field, over: aggregate.element, key: rowKey(aggregate.field, of: aggregate.element, in: stream))
            return aggregateBody(value, input: aggregate.input, element: aggregate.element, predicate: aggregate.predicate, of: stream, members: members, form: form)
        case let .grouped(grouped):
            return aggregateBody(groupedAggregate(grouped, in: stream), input: grouped.input, element: grouped.element, predicate: grouped.predicate, of: stream, members: members, form: form)
        case let .sort(sort):
            let orders = sort.orderBy.map { spelling.rowOrder(rowKey($0.path, of: sort.element, in: stream), of: sort.element, descending: $0.descending) }
            let (input, limit) = (call(sort.input, from: stream, form: form), sort.limit.map(limitArgument))
            return live ? spelling.sortRows(on: input, orders: orders, limit: limit) : spelling.sortRowsRead(on: input, orders: orders, limit: limit)
        case let .combine(combine):
            let parts = combineParts(combine, in: stream, form: form)
            return live ? spelling.combineStream(parts) : spelling.combineRead(parts)
        }
    }

    /// Each stream a combine reads, as the record's member, a local named after it (`…Value`
    /// where a parameter of the stream has its name) and its call.
    private func combineParts(_ combine: StreamKind.Combine, in stream: StreamDefinition, form: Form) -> CombineParts {
        let parameters = Set(stream.parameters.map { spelling.variableName($0.name) })
        let members = combine.inputs.map { input in
            let variable = spelling.variableName(input)
            // Named from the stream's name, not its spelling: `class` gives `classValue`, not `` `class`Value ``.
            let local = parameters.contains(variable) ? spelling.variableName(input + "Value") : variable
            return CombineParts.Member(
                name: spelling.memberName(input), local: local, argument: spelling.labelled(local, for: input),
                call: call(input, from: stream, form: form), output: model.stream(named: input)?.output ?? .count
            )
        }
        return CombineParts(type: spelling.typeName(combine.type), members: members)
    }

    /// An aggregate kept from a store query's changes when its input is a query (or filters of
    /// one), else computed from the input's rows; a read aggregates the rows read.
    private func aggregateBody(
        _ value: String, input: String, element: String, predicate: Predicate?, of stream: StreamDefinition, members: ModelMembers, form: Form
    ) -> [String] {
        if form == .live, let (source, query, predicates) = model.underlyingQuery(of: input, predicate: predicate) {
            let predicate = Predicate.all(predicates).map { closure($0, over: element, in: stream) }
            return spelling.queryAggregate(members, query: [queryCall(source)], type: spelling.typeName(query.rowType), aggregate: value, predicate: predicate)
        }
        let (input, test) = (call(input, from: stream, form: form), predicate.map { closure($0, over: element, in: stream) })
        return form == .live ? spelling.aggregateRows(on: input, aggregate: value, predicate: test) : spelling.aggregateRowsRead(on: input, aggregate: value, predicate: test)
    }

    /// A count or aggregate for each value of the grouped stream's key.
    private func groupedAggregate(_ grouped: StreamKind.Grouped, in stream: StreamDefinition) -> String {
        let inner = switch (grouped.aggregate, grouped.field) {
        case let (function?, field?): spelling.aggregate(function, of: field, over: grouped.element, key: rowKey(field, of: grouped.element, in: stream))
        default: spelling.countAggregate(over: grouped.element)
        }
        let types = (key: spelling.type(grouped.key.type.nonOptional), value: spelling.type(grouped.output))
        return spelling.grouped(inner, by: grouped.key, over: grouped.element, key: rowKey(grouped.key, of: grouped.element, in: stream), types: types)
    }

    /// The store query of every query stream, each written once and used by the stream and its
    /// read (and by counts over it): name, parameters and the query.
    func queries() -> [QueryHelper] {
        model.model.streams.compactMap { stream in
            guard case let .query(query) = stream.kind else { return nil }
            return QueryHelper(name: spelling.memberName(stream.name), parameters: parameters(stream), query: storeQuery(query, of: stream))
        }
    }

    /// `Queries.messages(roomId: roomId)`: the query of a query stream, for its parameters.
    private func queryCall(_ stream: StreamDefinition) -> String {
        spelling.queryCall(spelling.memberName(stream.name), arguments: arguments(stream.parameters))
    }

    /// A store query's parts: the collection (or collection group), then the filter, order, limit
    /// (or limit to last) and bounds it has.
    private func storeQuery(_ query: StreamKind.Query, of stream: StreamDefinition) -> [String] {
        let path = model.collection(named: query.collection)?.path ?? []
        var parts = [(label: "collection", lines: [expressions.path(path)])]
        if query.isCollectionGroup, case let .literal(id)? = path.last {
            let quoted = spelling.strings.quoted(id)
            parts = spelling.queries.collectionGroup.map { ($0.label, [$0.value.filling(["id": quoted, "path": spelling.list([quoted])])]) }
        }
        if let filter = query.filter {
            parts.append(("filter", expressions.storeFilter(filter)))
        }
        // A row's values bind to the whole order, which the query then spells out, as Firestore's
        // SDKs do for a snapshot cursor.
        let order = [query.start, query.end].contains { if case .row? = $0?.position { true } else { false } } ? query.normalizedOrder : query.orderBy
        if !order.isEmpty {
            let keys = order.map { key in
                spelling.queries.order.filling(["direction": key.descending ? "descending" : "ascending", "field": expressions.storeField(key.path)])
            }
            parts.append(("orderBy", [spelling.list(keys)]))
        }
        if let limit = query.limit { parts.append(("limit", [limitArgument(limit)])) }
        if let limitToLast = query.limitToLast { parts.append(("limitToLast", [limitArgument(limitToLast)])) }
        if let start = query.start { parts.append(("start", [bound(start, of: query, in: stream)])) }
        if let end = query.end { parts.append(("end", [bound(end, of: query, in: stream)])) }
        return expressions.storeQuery(parts)
    }

    /// A cursor as the runtime's bound: its values for the first order keys; or a row's values
    /// for the query's whole order and its id, and nil when the row parameter is nil.
    private func bound(_ cursor: StreamKind.QueryCursor, of query: StreamKind.Query, in stream: StreamDefinition) -> String {
        let queries = spelling.queries
        let bound = { (values: [String]) in queries.bound.filling(["values": spelling.list(values), "inclusive": "\(cursor.inclusive)"]) }
        switch cursor.position {
        case let .values(values):
            return bound(values.map(expressions.storeValue))
        case let .row(parameter):
            let variable = spelling.variableName(parameter.name)
            let row = queries.rowBound.contains("$row") ? rowName(query.collection, in: stream) : variable
            let values = query.normalizedOrder.map { expressions.storedValue(of: $0.path, on: row) }
            return queries.rowBound.filling(["parameter": variable, "row": row, "bound": bound(values)])
        }
    }

    /// `50`, or the stream's parameter as the runtime's limit takes it.
    private func limitArgument(_ limit: StreamKind.QueryLimit) -> String {
        switch limit {
        case let .count(count): "\(count)"
        case let .parameter(parameter): spelling.queries.limitParameter.filling(spelling.variableName(parameter.name))
        }
    }

    /// The key closure of a stream over rows of `element`, its row named as the language names one.
    private func rowKey(_ path: FieldPath, of element: String, in stream: StreamDefinition) -> String {
        keyClosure(path, of: element, row: spelling.syntax.implicitRow ?? rowName(element, in: stream))
    }

    /// A key closure over a row of `element` named `row`: `{ $0.ownerUid }`, a join's or a distinct's key.
    private func keyClosure(_ path: FieldPath, of element: String, row: String) -> String {
        spelling.syntax.keyClosure.filling(["row": row, "type": spelling.typeName(element), "body": expressions.access(path, on: row)])
    }

    private func joinParts(_ join: StreamKind.Join, in stream: StreamDefinition, form: Form) -> JoinParts {
        let elements = [join.left, join.right].map { name -> String in
            if case let .list(element) = model.stream(named: name)?.output { return element }
            return name
        }
        let leftRow = spelling.syntax.implicitRow ?? rowName(elements[0], in: stream)
        let rightRow = spelling.syntax.implicitRow ?? rowName(elements[1], in: stream, avoiding: leftRow)
        return JoinParts(
            left: call(join.left, from: stream, form: form), right: call(join.right, from: stream, form: form),
            leftKey: keyClosure(join.leftKey, of: elements[0], row: leftRow),
            rightKey: join.matchesReference ? referenceKey(of: elements[1], row: rightRow) : keyClosure(join.rightKey, of: elements[1], row: rightRow),
            row: model.join(named: join.type) ?? JoinType(name: join.type, left: .documentID, right: .documentID),
            inner: join.inner
        )
    }

    /// The key of a join's right row that a reference is matched with: the reference to its
    /// document, `{ UserReference(id: $0.id) }`, its path's parameters the stream's.
    private func referenceKey(of element: String, row: String) -> String {
        let parameters = model.collection(named: element)?.path.parameterNames ?? []
        let arguments = parameters.map { spelling.labelled(spelling.variableName($0), for: $0) }
            + [spelling.labelled(expressions.access(FieldPath(fields: [.documentID]), on: row), for: "id")]
        let reference = spelling.syntax.newInstance.filling("\(spelling.typeName(ReferenceType.name(of: element)))(\(arguments.joined(separator: ", ")))")
        return spelling.syntax.keyClosure.filling(["row": row, "type": spelling.typeName(element), "body": reference])
    }

    /// A row predicate as a closure over rows of `element`.
    private func closure(_ predicate: Predicate, over element: String, in stream: StreamDefinition) -> String {
        let row = rowName(element, in: stream)
        return spelling.syntax.closure.filling(["row": row, "type": spelling.typeName(element), "body": expressions.predicate(predicate, row: row)])
    }

    /// A member of the model (a property or a stream method), through `self` or `this` where the
    /// language always goes through it or a parameter of the stream has the member's name.
    private func member(_ name: String, of stream: StreamDefinition) -> String {
        let hidden = stream.parameters.contains { spelling.variableName($0.name) == name }
        return spelling.syntax.qualifiesEveryMember || hidden ? "\(spelling.syntax.selfReference).\(name)" : name
    }

    /// `messages(roomId: roomId)`: an input stream called with its parameters; for a read, its read.
    private func call(_ name: String, from stream: StreamDefinition, form: Form) -> String {
        let method = form == .live ? name : StreamDefinition.readName(of: name)
        return "\(member(spelling.memberName(method), of: stream))(\(arguments(model.stream(named: name)?.parameters ?? [])))"
    }

    /// `roomId: roomId`: parameters passed on under their own names.
    private func arguments(_ parameters: [Parameter]) -> String {
        parameters.map { spelling.labelled(spelling.variableName($0.name), for: $0.name) }.joined(separator: ", ")
    }

    /// The name of a closure's row: `message` for rows of `Message`, or `row` where a parameter
    /// of the stream, a keyword or the other row of a join has that name (`match` if the other is `row`).
    private func rowName(_ element: String, in stream: StreamDefinition, avoiding other: String? = nil) -> String {
        let name = NameCase.lowerCamel(element)
        let taken = stream.parameters.contains { $0.name == name } || spelling.variableName(name) != name || name == other
        return taken ? (other == "row" ? "match" : "row") : name
    }
}

extension StreamKind.Aggregate.Function {
    /// The Kotlin and TypeScript runtimes' factory: `sumOfInts`, `sumOfDoubles`, `average`, `min` or `max` (a
    /// lambda does not tell them a sum's type, as a Swift key path does).
    func runtimeName(of field: FieldPath) -> String {
        switch self {
        case .sum: field.type.nonOptional == .int ? "sumOfInts" : "sumOfDoubles"
        case .average, .min, .max: rawValue
        }
    }
}
