/// TypeScript stream methods that return RxJS `Observable`s built by the runtime.
extension TypeScriptLanguage {

    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc + ["\(name)(\(parameters.joined(separator: ", "))): Observable<\(emission)> {"], by: "  ")
            + Lines.indented(body, by: "    ") + ["  }"]
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        ["return documentStream(\(members.store), \(path), \(type), \(members.scheduler), \(members.onDecodeFailure));"]
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("return collectionStream(", arguments(members, query: query, type: type), ");", indent: syntax.indent, trailingCommas: true)
    }

    /// The count takes its predicate as its last argument.
    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = arguments(members, query: query, type: type) + (predicate.map { [[$0]] } ?? [])
        return Lines.list("return countStream(", arguments, ");", indent: syntax.indent, trailingCommas: true)
    }

    private func arguments(_ members: ModelMembers, query: [String], type: String) -> [[String]] {
        [[members.store], query, [type], [members.scheduler], [members.onDecodeFailure]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        ["return \(input).pipe(\(name)(\(closure ?? "")));"]
    }

    func joinStream(_ join: JoinParts) -> [String] {
        let call = Lines.list("\(join.inner ? "innerJoin" : "leftJoin")(", [[join.right], [join.leftKey], [join.rightKey], [joinRow(join)]], ")", indent: syntax.indent, trailingCommas: true)
        return Lines.list("return \(join.left).pipe(", [call], ");", indent: syntax.indent, trailingCommas: true)
    }

    /// The returned stream piped through the runtime's `debounced`: one more operator of the
    /// `pipe` that ends the statement, or a `pipe` of its own.
    func debounced(_ body: [String], milliseconds: Int, scheduler: String) -> [String] {
        let debounce = "debounced(\(milliseconds), \(scheduler))"
        if body.count > 1, body.first?.hasSuffix(".pipe(") == true, body.last == ");" {
            return body.dropLast() + Lines.indented([debounce + ","], by: syntax.indent) + [");"]
        }
        if body.count == 1, let line = body.first, let pipe = Self.outermostPipe(line) {
            return [line[..<pipe] + ", " + debounce + ");"]
        }
        return Lines.appending(".pipe(\(debounce));", to: body.dropLast() + [String(body.last?.dropLast() ?? "")])
    }

    /// Where the last operator of `return x.pipe(…);` ends: the index of the `)` that closes the
    /// `pipe`, when that `)` ends the statement; nil for any other statement.
    private static func outermostPipe(_ line: String) -> String.Index? {
        guard line.hasPrefix("return "), line.hasSuffix(");"), let open = line.range(of: ".pipe(", options: .backwards)?.upperBound else { return nil }
        var depth = 1
        var quote: Character?
        var index = open
        while index < line.endIndex {
            let character = line[index]
            if let open = quote {
                if character == "\\" { index = line.index(after: index) } else if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return line.index(after: index) == line.index(before: line.endIndex) ? index : nil }
            }
            index = line.index(after: index)
        }
        return nil
    }

    /// RxJS's `combineLatest` of a dictionary, which emits the record's members by name.
    func combineStream(_ combine: CombineParts) -> [String] {
        Lines.list("return combineLatest({", combine.members.map { ["\($0.name): \($0.call)"] }, "});", indent: syntax.indent, trailingCommas: true)
    }
}

/// The join's row is an object literal: `(message, owner) => ({ message, owner })`.
extension TypeScriptLanguage {
    func joinRow(_ join: JoinParts) -> String {
        let sides = join.row.fields.map { (property: memberName($0.name), variable: variableName($0.name)) }
        let entries = sides.map { $0.property == $0.variable ? $0.variable : "\($0.property): \($0.variable)" }
        return "(\(sides.map(\.variable).joined(separator: ", "))) => ({ \(entries.joined(separator: ", ")) })"
    }
}

/// TypeScript one-shot reads: `async` methods returning `Promise`s, over the runtime's reads.
extension TypeScriptLanguage {
    func readMethod(doc: [String], name: String, parameters: [String], output: StreamOutput, emission: String, scheduler _: String, body: [String]) -> [String] {
        Lines.indented(doc + ["async \(name)(\(parameters.joined(separator: ", "))): Promise<\(emission)> {"], by: "  ")
            + Lines.indented(body, by: "    ") + ["  }"]
    }

    func documentRead(_ members: ModelMembers, path: String, type: String) -> [String] {
        ["return fetchDocument(\(members.store), \(path), \(type), \(members.onDecodeFailure));"]
    }

    func queryRead(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("return fetchCollection(", [[members.store], query, [type], [members.onDecodeFailure]], ");", indent: syntax.indent, trailingCommas: true)
    }

    func queryCountRead(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = [[members.store], query, [type], [members.onDecodeFailure]] + (predicate.map { [[$0]] } ?? [])
        return Lines.list("return fetchCount(", arguments, ");", indent: syntax.indent, trailingCommas: true)
    }

    /// Array's own `filter` and `length` over the rows read.
    func rowOperatorRead(_ name: String, on input: String, closure: String?) -> [String] {
        if name == "distinctRows" { return ["return firstForEachKey(await \(input), \(closure ?? ""));"] }
        let rows = "(await \(input))" + (closure.map { ".filter(\($0))" } ?? "")
        return ["return \(rows)\(name == "countRows" ? ".length" : "");"]
    }

    /// The reads awaited together, then the record of their values.
    func combineRead(_ combine: CombineParts) -> [String] {
        let locals = combine.members.map(\.local).joined(separator: ", ")
        let entries = combine.members.map { $0.name == $0.local ? $0.local : "\($0.name): \($0.local)" }
        return Lines.list("const [\(locals)] = await Promise.all([", combine.members.map { [$0.call] }, "]);", indent: syntax.indent, trailingCommas: true)
            + ["return { \(entries.joined(separator: ", ")) };"]
    }

    func joinRead(_ join: JoinParts) -> [String] {
        let arguments = [[join.left], [join.right], [join.leftKey], [join.rightKey], [joinRow(join)]]
        return Lines.list("return \(join.inner ? "fetchInnerJoin" : "fetchLeftJoin")(", arguments, ");", indent: syntax.indent, trailingCommas: true)
    }
}

/// TypeScript store queries: methods of a constant of the module, beside the model.
extension TypeScriptLanguage {
    func queryCall(_ name: String, arguments: String) -> String {
        "queries.\(name)(\(arguments))"
    }

    func queries(_ helpers: [QueryHelper]) -> [String] {
        guard !helpers.isEmpty else { return [] }
        let functions = helpers.map { helper in
            ["\(helper.name)(\(helper.parameters.joined(separator: ", "))): StoreQuery {"]
                + Lines.indented(Lines.appending(";", to: Lines.prefixing("return ", to: helper.query)), by: "  ") + ["},"]
        }
        return Lines.container(["/** The model's store queries, each read live and once. */", "const queries = {"], functions, "};", indent: syntax.indent)
    }
}

/// TypeScript aggregates: an `Aggregate` of a function, kept from a query's changes or over rows.
extension TypeScriptLanguage {
    /// `Aggregate.sumOfInts((task: Task) => task.estimate)`.
    func aggregate(_ function: StreamKind.Aggregate.Function, of field: FieldPath, over element: String, key: String) -> String {
        "Aggregate.\(function.runtimeName(of: field))(\(key))"
    }

    func countAggregate(over element: String) -> String {
        "Aggregate.count<\(typeName(element))>()"
    }

    func grouped(_ aggregate: String, by _: FieldPath, over element: String, key: String, types: (key: String, value: String)) -> String {
        "Aggregate.grouped<\(typeName(element)), \(types.key), \(types.value)>(\(key), \(aggregate))"
    }

    func queryAggregate(_ members: ModelMembers, query: [String], type: String, aggregate: String, predicate: String?) -> [String] {
        let arguments = [[members.store], query, [type], [aggregate], [members.scheduler], [members.onDecodeFailure]] + (predicate.map { [[$0]] } ?? [])
        return Lines.list("return aggregateStream(", arguments, ");", indent: syntax.indent, trailingCommas: true)
    }

    func aggregateRows(on input: String, aggregate: String, predicate: String?) -> [String] {
        let call = Lines.list("aggregateRows(", [[aggregate]] + (predicate.map { [[$0]] } ?? []), ")", indent: syntax.indent, trailingCommas: true)
        return Lines.list("return \(input).pipe(", [call], ");", indent: syntax.indent, trailingCommas: true)
    }

    func aggregateRowsRead(on input: String, aggregate: String, predicate: String?) -> [String] {
        Lines.list("return aggregated(", [["await \(input)"], [aggregate]] + (predicate.map { [[$0]] } ?? []), ");", indent: syntax.indent, trailingCommas: true)
    }
}

/// TypeScript sorts: `RowOrder`s of key functions over the rows.
extension TypeScriptLanguage {
    func rowOrder(_ key: String, of element: String, descending: Bool) -> String {
        "RowOrder.\(descending ? "descending" : "ascending")(\(key))"
    }

    func sortRows(on input: String, orders: [String], limit: String?) -> [String] {
        let call = Lines.list("sortRows(", [keys(orders)] + (limit.map { [[$0]] } ?? []), ")", indent: syntax.indent, trailingCommas: true)
        return Lines.list("return \(input).pipe(", [call], ");", indent: syntax.indent, trailingCommas: true)
    }

    func sortRowsRead(on input: String, orders: [String], limit: String?) -> [String] {
        Lines.list("return sortedRows(", [["await \(input)"], keys(orders)] + (limit.map { [[$0]] } ?? []), ");", indent: syntax.indent, trailingCommas: true)
    }

    /// One key on one line; more, one per line.
    private func keys(_ orders: [String]) -> [String] {
        orders.count > 1 ? Lines.list("[", orders.map { [$0] }, "]", indent: syntax.indent, trailingCommas: true) : [list(orders)]
    }
}
