/// Swift typed writes: methods of the model returning `DocumentWrite`s, and `commit`.
extension SwiftLanguage {
    func create(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { "\($0): String" } + write.fields.map { field in
            "\(variableName(field.name)): \(type(field.type))" + (createDefault(field).map { " = \($0)" } ?? "")
        } + [newIDParameter, "mustNotExist: Bool = false"]
        let entries = write.fields.map { ["\(strings.quoted($0.key)): \(storedValue(ofVariable: variableName($0.name), type: $0.type))"] }
            + write.pathFields.map { ["\(strings.quoted($0.key)): \(storedValue(ofVariable: variableName($0.name), type: $0.type))"] }
            + write.serverSet.map { ["\(strings.quoted($0.key)): .serverTimestamp"] }
        let option = "mustNotExist: mustNotExist)"
        let body = entries.isEmpty ? [".set(\(write.path), [:], \(option)"] : Lines.list(".set(\(write.path), [", entries, "], \(option)", indent: syntax.indent, trailingCommas: true)
        return writeMethod(write, parameters: parameters, body: checked(write, body))
    }

    func update(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { "\($0): String" } + ["id: String"] + write.fields.map { field in
            "\(variableName(field.name)): \(changeType(field.type))? = nil"
        } + write.nested.map { "\(variableName($0.name)): \(changeType($0.type))? = nil" } + unchangedSince(write)
        let changes = updateEntries(write)
        let read = write.kind == .update ? ", unchangedSince: unchangedSince.map(ReadDocument.init)" : ""
        let body = Lines.list(".\(write.kind.rawValue)(\(write.path), changing: [", changes, "]\(read))", indent: syntax.indent, trailingCommas: true)
        return writeMethod(write, parameters: parameters, body: checked(write, body))
    }

    func delete(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { "\($0): String" } + ["id: String", "mustExist: Bool = false"] + unchangedSince(write)
        return writeMethod(write, parameters: parameters, body: [".delete(\(write.path), mustExist: mustExist, unchangedSince: unchangedSince.map(ReadDocument.init))"])
    }

    /// An update's or a delete's `unchangedSince`: the document as read, or nil.
    private func unchangedSince(_ write: CollectionWrite) -> [String] {
        write.kind.preconditions.contains(.unchangedSince) ? ["unchangedSince: \(type(.object(write.type)))? = nil"] : []
    }

    func commit(doc: [String], listDoc: [String]) -> [String] {
        let variadic = doc + ["public func commit(_ writes: DocumentWrite...) async throws {", "    try await commit(writes)", "}"]
        let list = listDoc + ["public func commit(_ writes: [DocumentWrite]) async throws {", "    try await store.commitBatch(writes)", "}"]
        return Lines.indented(variadic + [""] + list, by: syntax.indent)
    }

    func changeType(_ type: FieldType) -> String {
        "FieldChange<\(self.type(type))>"
    }

    var newIDParameter: String { "id: String = DocumentID.make()" }
    var updateChanges: UpdateChangeSpelling { UpdateChangeSpelling(entry: "$path: $change.updates", given: "%?", serverTimestamp: "FieldChange<Timestamp?>.serverTimestamp") }

    func declaredWrite(_ write: PrintedDeclaredWrite) -> [String] {
        let make = "{ [self] in\n\(syntax.indent)\(write.throwing ? "try " : "")\(write.write)\n}"
        let body: String = if let check = write.check, let counter = check.counter {
            "\(write.store).written(after: CounterCheck(\(check.write), \(check.text), counter: \(counter.path), field: \(counter.field), step: \(counter.step)) "
                + "{ $0 \(check.op) \(check.operand) }) " + make
        } else if let check = write.check, let stream = check.stream {
            "\(write.store).written(after: PreCheck(\(check.write), \(check.text), \(stream)) { $0 \(check.op) \(check.operand) }) " + make
        } else {
            "\(write.store).written " + make
        }
        let signature = "public func \(write.name)(" + write.parameters.joined(separator: ", ") + ") -> \(flavour.stream.filling("String")) {"
        return Lines.indented(write.doc + [signature] + Lines.indented(body.components(separatedBy: "\n"), by: syntax.indent) + ["}"], by: syntax.indent)
    }

    var ruleFactory: String { ".$kind" }
    var ruleLabels: Bool { true }

    func rules(name: String, doc: [String], calls: [String]) -> [String] {
        Lines.indented(doc + Lines.list("private static let \(name): [FieldRule] = [", calls.map { [$0] }, "]", indent: syntax.indent, trailingCommas: true), by: syntax.indent)
    }

    /// The write checked against the collection's rules, where it has any.
    private func checked(_ write: CollectionWrite, _ body: [String]) -> [String] {
        guard let rules = write.rules else { return body }
        return Lines.appending(")", to: Lines.prefixing("try FieldRule.checked(\(write.model).\(rules), ", to: body))
    }

    /// The method, its parameters one a line when there are more than two; it throws where the
    /// collection has rules.
    private func writeMethod(_ write: CollectionWrite, parameters: [String], body: [String]) -> [String] {
        let result = write.rules == nil ? "-> DocumentWrite {" : "throws(ConstraintError) -> DocumentWrite {"
        let signature = parameters.count > 2
            ? Lines.list("public func \(write.name)(", parameters.map { [$0] }, ") \(result)", indent: syntax.indent)
            : ["public func \(write.name)(\(parameters.joined(separator: ", "))) \(result)"]
        return Lines.indented(write.doc + signature + Lines.indented(body, by: syntax.indent) + ["}"], by: syntax.indent)
    }
}
