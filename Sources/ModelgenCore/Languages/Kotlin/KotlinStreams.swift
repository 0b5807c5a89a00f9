/// Kotlin stream methods that return the flavour's streams built by the runtime.
extension KotlinLanguage {
    /// An expression body: `fun messages(roomId: String): Observable<List<Message>> =`.
    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc + ["fun \(name)(\(parameters.joined(separator: ", "))): \(flavour.stream.filling(emission)) ="], by: "    ")
            + Lines.indented(body, by: "        ")
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        ["DocumentStream.observe(\(members.store), \(path), \(type), \(members.scheduler), \(members.onDecodeFailure))"]
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("CollectionStream.observe(", arguments(members, query: query, type: type), ")", indent: syntax.indent)
    }

    /// The count takes its predicate as a trailing lambda.
    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let call = Lines.list("CollectionStream.count(", arguments(members, query: query, type: type), ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    /// A store query's arguments: a stream's decode on the model's scheduler, a read's where the
    /// store answers (a read never waits on the scheduler, so a `TestScheduler` cannot hold it).
    func arguments(_ members: ModelMembers, query: [String], type: String, read: Bool = false) -> [[String]] {
        [[members.store], query, [type]] + (read ? [] : [[members.scheduler]]) + [[members.onDecodeFailure]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        ["\(input).\(name)" + (closure.map { " \($0)" } ?? "()")]
    }

    func joinStream(_ join: JoinParts) -> [String] {
        let arguments = [[join.right], [join.leftKey], [join.rightKey], ["::\(typeName(join.row.name))"]]
        return Lines.list("\(join.left).\(join.inner ? "innerJoin" : "leftJoin")(", arguments, ")", indent: syntax.indent)
    }

    /// After a call over several lines, `.debounced` follows its closing parenthesis.
    func debounced(_ body: [String], milliseconds: Int, scheduler: String) -> [String] {
        let call = ".debounced(\(milliseconds), \(scheduler))"
        return body.last == ")" ? Lines.appending(call, to: body) : body + [syntax.indent + call]
    }

    func combineStream(_ combine: CombineParts) -> [String] {
        flavour.combineStream(combine, in: self)
    }
}

/// Kotlin one-shot reads, as the flavour declares them, over the runtime's reads.
extension KotlinLanguage {
    func readMethod(doc: [String], name: String, parameters: [String], output: StreamOutput, emission _: String, scheduler: String, body: [String]) -> [String] {
        Lines.indented(doc + flavour.readMethod(name: name, parameters: parameters, output: output, scheduler: scheduler, body: body, in: self), by: "    ")
    }

    func documentRead(_ members: ModelMembers, path: String, type: String) -> [String] {
        ["DocumentStream.fetch(\(members.store), \(path), \(type), \(members.onDecodeFailure))"]
    }

    func queryRead(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("CollectionStream.fetch(", arguments(members, query: query, type: type, read: true), ")", indent: syntax.indent)
    }

    func queryCountRead(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let call = Lines.list("CollectionStream.fetchCount(", arguments(members, query: query, type: type, read: true), ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    /// The runtime's `filterRows` and `countRows` for rows read: the live stream's spelling.
    func rowOperatorRead(_ name: String, on input: String, closure: String?) -> [String] {
        rowOperator(name, on: input, closure: closure)
    }

    func combineRead(_ combine: CombineParts) -> [String] {
        flavour.combineRead(combine, in: self)
    }

    func joinRead(_ join: JoinParts) -> [String] {
        flavour.joinRead(join, in: self)
    }
}

/// Kotlin store queries: functions of a private object in the model.
extension KotlinLanguage {
    func queryCall(_ name: String, arguments: String) -> String {
        "Queries.\(name)(\(arguments))"
    }

    func queries(_ helpers: [QueryHelper]) -> [String] {
        guard !helpers.isEmpty else { return [] }
        let functions = helpers.map { helper in
            ["fun \(helper.name)(\(helper.parameters.joined(separator: ", "))): StoreQuery ="] + Lines.indented(helper.query, by: "    ")
        }
        return Lines.container(["/** The streams' store queries, each read live and once. */", "private object Queries {"], functions, "}", indent: syntax.indent)
    }
}

/// Kotlin aggregates: an `Aggregate` of a lambda, kept from a query's changes or over rows.
extension KotlinLanguage {
    /// `Aggregate.sumOfInts<Task> { it.estimate }`: a sum is named for its field's type.
    func aggregate(_ function: StreamKind.Aggregate.Function, of field: FieldPath, over element: String, key: String) -> String {
        // A minimum or maximum is of the field's type, which Kotlin needs spelled beside the row's.
        let types = [typeName(element)] + ([.min, .max].contains(function) ? [type(field.type.nonOptional)] : [])
        return "Aggregate.\(function.runtimeName(of: field))<\(types.joined(separator: ", "))> \(key)"
    }

    func countAggregate(over element: String) -> String {
        "Aggregate.count<\(typeName(element))>()"
    }

    func grouped(_ aggregate: String, by _: FieldPath, over element: String, key: String, types: (key: String, value: String)) -> String {
        "Aggregate.grouped<\(typeName(element)), \(types.key), \(types.value)>(\(aggregate)) \(key)"
    }

    func queryAggregate(_ members: ModelMembers, query: [String], type: String, aggregate: String, predicate: String?) -> [String] {
        let arguments = [[members.store], query, [type], [aggregate], [members.scheduler], [members.onDecodeFailure]]
        let call = Lines.list("CollectionStream.aggregate(", arguments, ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    func aggregateRows(on input: String, aggregate: String, predicate: String?) -> [String] {
        [input, "    .aggregateRows(\(aggregate))" + (predicate.map { " \($0)" } ?? "")]
    }

    /// The runtime's `aggregateRows` for rows read: the live stream's spelling.
    func aggregateRowsRead(on input: String, aggregate: String, predicate: String?) -> [String] {
        aggregateRows(on: input, aggregate: aggregate, predicate: predicate)
    }
}

/// Kotlin sorts: `RowOrder`s of key lambdas over the rows.
extension KotlinLanguage {
    func rowOrder(_ key: String, of element: String, descending: Bool) -> String {
        "RowOrder.\(descending ? "descending" : "ascending")<\(typeName(element))> \(key)"
    }

    /// One key on one line; more, one per line.
    func sortRows(on input: String, orders: [String], limit: String?) -> [String] {
        guard orders.count > 1 else { return [input, "    .sortRows(listOf(\(orders.joined()))\(limit.map { ", \($0)" } ?? ""))"] }
        let keys = Lines.list("listOf(", orders.map { [$0] }, ")", indent: syntax.indent)
        return [input] + Lines.indented(Lines.list(".sortRows(", [keys] + (limit.map { [[$0]] } ?? []), ")", indent: syntax.indent), by: syntax.indent)
    }

    /// The runtime's `sortRows` for rows read: the live stream's spelling.
    func sortRowsRead(on input: String, orders: [String], limit: String?) -> [String] {
        sortRows(on: input, orders: orders, limit: limit)
    }
}
