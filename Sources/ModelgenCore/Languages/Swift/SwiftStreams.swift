/// Swift stream methods that return the flavour's live streams, built by its runtime layer.
extension SwiftLanguage {
    func storedValue(ofVariable variable: String, type: FieldType) -> String { "\(variable).documentValue" }

    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc + ["public func \(name)(\(parameters.joined(separator: ", "))) -> \(flavour.stream.filling(emission)) {"], by: "    ")
            + Lines.indented(body, by: "        ") + ["    }"]
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        Lines.list("DocumentStream.\(flavour.storeStream)(", [["store: \(members.store)"], ["path: \(path)"]] + tail(members), ")", indent: syntax.indent)
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        let arguments = [["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members)
        return Lines.list("CollectionStream.\(flavour.storeStream)(", arguments, ")", indent: syntax.indent)
    }

    /// The count takes its predicate as a trailing closure.
    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = [["of: \(type).self"], ["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members)
        let call = Lines.list("CollectionStream.count(", arguments, ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    /// The arguments every stream built from the store ends with.
    func tail(_ members: ModelMembers) -> [[String]] {
        [["scheduler: \(members.scheduler)"], ["onDecodeFailure: \(members.onDecodeFailure)"]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        [input, "    .\(name)" + (closure.map { " \($0)" } ?? "()")]
    }

    func joinStream(_ join: JoinParts) -> [String] {
        let method = join.inner ? "innerJoin" : "leftJoin"
        return [join.left, "    .\(method)(\(join.right), on: \(join.leftKey), equals: \(join.rightKey), into: \(typeName(join.row.name)).init)"]
    }

    /// After a call over several lines, `.debounced` lines up with its closing parenthesis.
    func debounced(_ body: [String], milliseconds: Int, scheduler: String) -> [String] {
        let indent = body.last == ")" ? "" : syntax.indent
        return body + ["\(indent).debounced(milliseconds: \(milliseconds), scheduler: \(scheduler))"]
    }

    func combineStream(_ combine: CombineParts) -> [String] {
        Lines.list("combineLatest(", combine.members.map { [$0.call] } + [["into: \(combine.type).init"]], ")", indent: syntax.indent)
    }
}

/// Swift one-shot reads: `async throws` methods over ModelgenRuntime's reads.
extension SwiftLanguage {
    func readMethod(doc: [String], name: String, parameters: [String], output: StreamOutput, emission: String, scheduler _: String, body: [String]) -> [String] {
        Lines.indented(doc + ["public func \(name)(\(parameters.joined(separator: ", "))) async throws -> \(emission) {"], by: "    ")
            + Lines.indented(body, by: "        ") + ["    }"]
    }

    func documentRead(_ members: ModelMembers, path: String, type: String) -> [String] {
        Lines.list("try await DocumentStream.fetch(", [["store: \(members.store)"], ["path: \(path)"], ["onDecodeFailure: \(members.onDecodeFailure)"]], ")", indent: syntax.indent)
    }

    func queryRead(_ members: ModelMembers, query: [String], type: String) -> [String] {
        let arguments = [["store: \(members.store)"], Lines.prefixing("query: ", to: query), ["onDecodeFailure: \(members.onDecodeFailure)"]]
        return Lines.list("try await CollectionStream.fetch(", arguments, ")", indent: syntax.indent)
    }

    func queryCountRead(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = [["of: \(type).self"], ["store: \(members.store)"], Lines.prefixing("query: ", to: query), ["onDecodeFailure: \(members.onDecodeFailure)"]]
        let call = Lines.list("try await CollectionStream.fetchCount(", arguments, ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    /// Array's own `filter` and `count` over the rows read.
    func rowOperatorRead(_ name: String, on input: String, closure: String?) -> [String] {
        if name == "distinctRows" { return ["try await \(input)", "    .distinctRows \(closure ?? "")"] }
        let filter = closure.map { ["    .filter \($0)"] } ?? []
        return ["try await \(input)"] + filter + (name == "countRows" ? ["    .count"] : [])
    }

    /// Both sides are read at once: each read is an argument the runtime runs as a child task.
    /// `async let` reads, awaited together.
    func combineRead(_ combine: CombineParts) -> [String] {
        combine.members.map { "async let \($0.local) = \($0.call)" }
            + ["return try await \(combine.type)(\(combine.members.map(\.argument).joined(separator: ", ")))"]
    }

    func joinRead(_ join: JoinParts) -> [String] {
        let method = join.inner ? "inner" : "left"
        let arguments = [["await \(join.left)"], ["await \(join.right)"], ["on: \(join.leftKey)"], ["equals: \(join.rightKey)"], ["into: \(typeName(join.row.name)).init"]]
        return Lines.list("try await JoinRows.\(method)(", arguments, ")", indent: syntax.indent)
    }
}

/// Swift store queries: static functions of a private enum in the model.
extension SwiftLanguage {
    func queryCall(_ name: String, arguments: String) -> String {
        "Queries.\(name)(\(arguments))"
    }

    func queries(_ helpers: [QueryHelper]) -> [String] {
        guard !helpers.isEmpty else { return [] }
        let functions = helpers.map { helper in
            ["static func \(helper.name)(\(helper.parameters.joined(separator: ", "))) -> StoreQuery {"]
                + Lines.indented(helper.query, by: "    ") + ["}"]
        }
        return Lines.container(["/// The streams' store queries, each read live and once.", "private enum Queries {"], functions, "}", indent: syntax.indent)
    }
}

/// Swift aggregates: an `Aggregate` of a key path, kept from a query's changes or over rows.
extension SwiftLanguage {
    /// `.sum(of: \Task.estimate)`: the key path's type gives the rows' type, its value the output's.
    func aggregate(_ function: StreamKind.Aggregate.Function, of field: FieldPath, over element: String, key: String) -> String {
        ".\(function.rawValue)(of: \\\(typeName(element))\(Expressions(spelling: self).access(field, on: "")))"
    }

    func countAggregate(over _: String) -> String {
        ".count"
    }

    func grouped(_ aggregate: String, by path: FieldPath, over element: String, key _: String, types _: (key: String, value: String)) -> String {
        ".grouped(by: \\\(typeName(element))\(Expressions(spelling: self).access(path, on: "")), \(aggregate))"
    }

    func queryAggregate(_ members: ModelMembers, query: [String], type: String, aggregate: String, predicate: String?) -> [String] {
        let arguments = [[aggregate], ["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members)
        let call = Lines.list("CollectionStream.aggregate(", arguments, ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    func aggregateRows(on input: String, aggregate: String, predicate: String?) -> [String] {
        [input, "    .aggregateRows(\(aggregate))" + (predicate.map { " \($0)" } ?? "")]
    }

    func aggregateRowsRead(on input: String, aggregate: String, predicate: String?) -> [String] {
        ["try await \(input)", "    .aggregated(\(aggregate))" + (predicate.map { " \($0)" } ?? "")]
    }
}

/// Swift sorts: `RowOrder`s of key closures over the rows.
extension SwiftLanguage {
    func rowOrder(_ key: String, of element: String, descending: Bool) -> String {
        ".\(descending ? "descending" : "ascending") \(key)"
    }

    func sortRows(on input: String, orders: [String], limit: String?) -> [String] {
        [input, "    .sortRows(\(sortArguments(orders, limit: limit)))"]
    }

    func sortRowsRead(on input: String, orders: [String], limit: String?) -> [String] {
        ["try await \(input)", "    .sortedRows(\(sortArguments(orders, limit: limit)))"]
    }

    private func sortArguments(_ orders: [String], limit: String?) -> String {
        "by: [\(orders.joined(separator: ", "))]" + (limit.map { ", limit: \($0)" } ?? "")
    }
}
