/// Kotlin stream methods that return RxJava `Observable`s built by the runtime.
extension KotlinLanguage {
    /// An expression body: `fun messages(roomId: String): Observable<List<Message>> =`.
    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc + ["fun \(name)(\(parameters.joined(separator: ", "))): Observable<\(emission)> ="], by: "    ")
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

    private func arguments(_ members: ModelMembers, query: [String], type: String) -> [[String]] {
        [[members.store], query, [type], [members.scheduler], [members.onDecodeFailure]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        ["\(input).\(name)" + (closure.map { " \($0)" } ?? "()")]
    }

    func joinStream(_ join: JoinParts) -> [String] {
        let arguments = [[join.right], [join.leftKey], [join.rightKey], ["::\(typeName(join.row.name))"]]
        return Lines.list("\(join.left).\(join.inner ? "innerJoin" : "leftJoin")(", arguments, ")", indent: syntax.indent)
    }
}
