/// Kotlin typed writes: methods of the model returning `DocumentWrite`s, and `commit`.
extension KotlinLanguage {
    func create(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { "\($0): String" } + write.fields.map { field in
            "\(variableName(field.name)): \(type(field.type))" + (createDefault(field).map { " = \($0)" } ?? "")
        } + [newIDParameter, "mustNotExist: Boolean = false"]
        let entries = write.fields.map { ["\(strings.quoted($0.key)) to \(storedValue(ofVariable: variableName($0.name), type: $0.type))"] }
            + write.pathFields.map { ["\(strings.quoted($0.key)) to \(storedValue(ofVariable: variableName($0.name), type: $0.type))"] }
            + write.serverSet.map { ["\(strings.quoted($0.key)) to DocumentValue.ServerTimestamp"] }
        let data = entries.isEmpty ? ["emptyMap()"] : Lines.list("mapOf(", entries, ")", indent: syntax.indent)
        return writeMethod(write, parameters: parameters, body: checked(write, Lines.prefixing("DocumentWrite.Set(\(write.path), ", to: Lines.appending(", mustNotExist)", to: data))))
    }

    func update(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { "\($0): String" } + ["id: String"] + write.fields.map { field in
            "\(variableName(field.name)): \(changeType(field.type))? = null"
        } + write.nested.map { "\(variableName($0.name)): \(changeType($0.type))? = null" } + unchangedSince(write)
        let changes = [[write.path]] + updateEntries(write)
            + (write.kind == .update ? [["unchangedSince = \(readDocument(write))"]] : [])
        return writeMethod(write, parameters: parameters, body: checked(write, Lines.list("\(write.kind.rawValue)Write(", changes, ")", indent: syntax.indent)))
    }

    func delete(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { "\($0): String" } + ["id: String", "mustExist: Boolean = false"] + unchangedSince(write)
        return writeMethod(write, parameters: parameters, body: ["DocumentWrite.Delete(\(write.path), mustExist, \(readDocument(write)))"])
    }

    /// An update's or a delete's `unchangedSince`: the document as read, or null.
    private func unchangedSince(_ write: CollectionWrite) -> [String] {
        write.kind.preconditions.contains(.unchangedSince) ? ["unchangedSince: \(type(.object(write.type)))? = null"] : []
    }

    /// `unchangedSince` as the runtime's `ReadDocument`, or null.
    private func readDocument(_ write: CollectionWrite) -> String {
        "unchangedSince?.let { ReadDocument(it, \(codec(.object(write.type)))) }"
    }

    func commit(doc: [String], listDoc: [String]) -> [String] {
        Lines.indented(flavour.commit(doc: doc, listDoc: listDoc), by: syntax.indent)
    }

    func changeType(_ type: FieldType) -> String {
        "FieldChange<\(self.type(type))>"
    }

    var newIDParameter: String { "id: String = DocumentIds.make()" }
    var updateChanges: UpdateChangeSpelling { UpdateChangeSpelling(entry: "$path to $change.updates($codec)", given: "%?") }

    func declaredWrite(_ write: PrintedDeclaredWrite) -> [String] {
        let head: String = if let check = write.check, let counter = check.counter {
            "\(write.store).written(CounterCheck(\(check.write), \(check.text), \(counter.path), \(counter.field), \(counter.step)) { it \(check.op) \(check.operand) }) {"
        } else if let check = write.check, let stream = check.stream {
            "\(write.store).written(PreCheck(\(check.write), \(check.text), \(stream)) { \(["==", "!="].contains(check.op) ? "it.toLong()" : "it") \(check.op) \(check.operand) }) {"
        } else {
            "\(write.store).written {"
        }
        let signature = "fun \(write.name)(" + write.parameters.joined(separator: ", ") + "): \(flavour.stream.filling("String")) ="
        return Lines.indented(write.doc + [signature] + Lines.indented([head, syntax.indent + write.write, "}"], by: syntax.indent), by: syntax.indent)
    }

    var ruleFactory: String { "FieldRule.$kind" }
    var ruleLabels: Bool { false }

    func rules(name: String, doc: [String], calls: [String]) -> [String] {
        Lines.indented(doc + Lines.list("private val \(name): List<FieldRule> = listOf(", calls.map { [$0] }, ")", indent: syntax.indent), by: syntax.indent)
    }

    /// The write checked against the collection's rules, where it has any (throwing a `ConstraintException`).
    private func checked(_ write: CollectionWrite, _ body: [String]) -> [String] {
        guard let rules = write.rules else { return body }
        return Lines.appending(")", to: Lines.prefixing("FieldRule.checked(\(rules), ", to: body))
    }

    /// The method as an expression body, its parameters one a line when there are more than two.
    private func writeMethod(_ write: CollectionWrite, parameters: [String], body: [String]) -> [String] {
        let signature = parameters.count > 2
            ? Lines.list("fun \(write.name)(", parameters.map { [$0] }, "): DocumentWrite =", indent: syntax.indent)
            : ["fun \(write.name)(\(parameters.joined(separator: ", "))): DocumentWrite ="]
        return Lines.indented(write.doc + signature + Lines.indented(body, by: syntax.indent), by: syntax.indent)
    }
}
