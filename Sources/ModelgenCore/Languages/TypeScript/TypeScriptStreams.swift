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

    /// The join's row is an object literal: `(message, owner) => ({ message, owner })`.
    func joinStream(_ join: JoinParts) -> [String] {
        let sides = join.row.fields.map { (property: memberName($0.name), variable: variableName($0.name)) }
        let entries = sides.map { $0.property == $0.variable ? $0.variable : "\($0.property): \($0.variable)" }
        let row = "(\(sides.map(\.variable).joined(separator: ", "))) => ({ \(entries.joined(separator: ", ")) })"
        let call = Lines.list("\(join.inner ? "innerJoin" : "leftJoin")(", [[join.right], [join.leftKey], [join.rightKey], [row]], ")", indent: syntax.indent, trailingCommas: true)
        return Lines.list("return \(join.left).pipe(", [call], ");", indent: syntax.indent, trailingCommas: true)
    }
}
