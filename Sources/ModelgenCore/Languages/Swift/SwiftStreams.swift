/// Swift stream methods that return Combine publishers built by ModelgenRuntime.
extension SwiftLanguage {
    func storedValue(ofVariable variable: String, type: FieldType) -> String { "\(variable).documentValue" }

    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc + ["public func \(name)(\(parameters.joined(separator: ", "))) -> AnyPublisher<\(emission), any Error> {"], by: "    ")
            + Lines.indented(body, by: "        ") + ["    }"]
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        Lines.list("DocumentStream.publisher(", [["store: \(members.store)"], ["path: \(path)"]] + tail(members), ")", indent: syntax.indent)
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        let arguments = [["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members)
        return Lines.list("CollectionStream.publisher(", arguments, ")", indent: syntax.indent)
    }

    /// The count takes its predicate as a trailing closure.
    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = [["of: \(type).self"], ["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members)
        let call = Lines.list("CollectionStream.count(", arguments, ")", indent: syntax.indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    /// The arguments every stream built from the store ends with.
    private func tail(_ members: ModelMembers) -> [[String]] {
        [["scheduler: \(members.scheduler)"], ["onDecodeFailure: \(members.onDecodeFailure)"]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        [input, "    .\(name)" + (closure.map { " \($0)" } ?? "()")]
    }

    func joinStream(_ join: JoinParts) -> [String] {
        let method = join.inner ? "innerJoin" : "leftJoin"
        return [join.left, "    .\(method)(\(join.right), on: \(join.leftKey), equals: \(join.rightKey), into: \(typeName(join.row.name)).init)"]
    }
}
