/// TypeScript typed writes: methods of the model returning `DocumentWrite`s, and `commit`. A
/// create takes its fields, and an update its changes, as one object.
extension TypeScriptLanguage {
    func create(_ write: CollectionWrite) -> [String] {
        let members = write.fields.map { field in
            let optional = field.defaultValue != nil || field.type.isOptional
            return "readonly \(variableName(field.name))\(optional ? "?" : ""): \(type(field.type));"
        }
        let parameters = write.pathParameters.map { ["\($0): string"] } + (members.isEmpty ? [] : [objectType("fields", members)])
            + [[newIDParameter], ["options: { readonly mustNotExist?: boolean } = {}"]]
        let fields = write.fields.map { ["[\(strings.quoted($0.key)), \(storedValue(ofVariable: argument($0), type: $0.type))]"] }
            + write.pathFields.map { ["[\(strings.quoted($0.key)), \(storedValue(ofVariable: variableName($0.name), type: $0.type))]"] }
            + write.serverSet.map { ["[\(strings.quoted($0.key)), DocumentValue.serverTimestamp]"] }
        let data = Lines.list("new Map<string, DocumentValue>([", fields, "])", indent: syntax.indent, trailingCommas: true)
        let entries = [["kind: \"set\""], ["path: \(write.path)"], Lines.prefixing("data: ", to: data), ["mustNotExist: options.mustNotExist ?? false"]]
        let object = Lines.list("{", entries, "}", indent: syntax.indent, trailingCommas: true)
        return writeMethod(write, parameters: parameters, body: returning(write, object))
    }

    func update(_ write: CollectionWrite) -> [String] {
        let members = write.fields.map { "readonly \(variableName($0.name))?: \(changeType($0.type));" }
            + write.nested.map { "readonly \(variableName($0.name))?: \(changeType($0.type));" }
        let options = write.kind == .update ? [["options: { \(unchangedSince(write)) } = {}"]] : []
        let parameters = write.pathParameters.map { ["\($0): string"] } + [["id: string"], objectType("changes", members)] + options
        let changes = updateEntries(write)
        let read = write.kind == .update ? ", \(readDocument(write))" : ""
        let call = Lines.list("\(write.kind.rawValue)Write(\(write.path), [", changes, "]\(read))", indent: syntax.indent, trailingCommas: true)
        return writeMethod(write, parameters: parameters, body: returning(write, call))
    }

    func delete(_ write: CollectionWrite) -> [String] {
        let parameters = write.pathParameters.map { ["\($0): string"] } + [["id: string"], ["options: { readonly mustExist?: boolean; \(unchangedSince(write)) } = {}"]]
        let entries = [["kind: \"delete\""], ["path: \(write.path)"], ["mustExist: options.mustExist ?? false"], ["unchangedSince: \(readDocument(write))"]]
        return writeMethod(write, parameters: parameters, body: Lines.appending(";", to: Lines.prefixing("return ", to: Lines.list("{", entries, "}", indent: syntax.indent, trailingCommas: true))))
    }

    /// The option of an update or a delete giving the document as read.
    private func unchangedSince(_ write: CollectionWrite) -> String {
        "readonly unchangedSince?: \(type(.object(write.type)))"
    }

    /// `options.unchangedSince` as the runtime's `ReadDocument`, or undefined.
    private func readDocument(_ write: CollectionWrite) -> String {
        "ReadDocument.of(options.unchangedSince, \(codec(.object(write.type))))"
    }

    func commit(doc: [String], listDoc: [String]) -> [String] {
        let overloads = doc + ["commit(...writes: readonly DocumentWrite[]): Promise<void>;"] + listDoc + ["commit(writes: readonly DocumentWrite[]): Promise<void>;"]
        let body = [
            "async commit(...writes: readonly (DocumentWrite | readonly DocumentWrite[])[]): Promise<void> {",
            "  await this.store.commitBatch(writes.flat());",
            "}",
        ]
        return Lines.indented(overloads + body, by: syntax.indent)
    }

    var newIDParameter: String { "id: string = makeDocumentId()" }
    var updateChanges: UpdateChangeSpelling { UpdateChangeSpelling(entry: "fieldChange($path, $change, $codec)", given: "changes.%") }

    func declaredWrite(_ write: PrintedDeclaredWrite) -> [String] {
        let arguments = [[write.store], ["() => \(write.write)"]] + (write.check.map { check in
            let holds = "(value) => value \(check.op) \(check.operand)"
            return if let counter = check.counter {
                [["counterCheck(\(check.write), \(check.text), \(counter.path), \(counter.field), \(counter.step), \(holds))"]]
            } else {
                [["preCheck(\(check.write), \(check.text), \(check.stream ?? ""), \(holds))"]]
            }
        } ?? [])
        let body = Lines.list("return written(", arguments, ");", indent: syntax.indent, trailingCommas: true)
        let signature = "\(write.name)(" + write.parameters.joined(separator: ", ") + "): Observable<string> {"
        return Lines.indented(write.doc + [signature] + Lines.indented(body, by: syntax.indent) + ["}"], by: syntax.indent)
    }

    var ruleFactory: String { "FieldRule.$kind" }
    var ruleLabels: Bool { false }

    func rules(name: String, doc: [String], calls: [String]) -> [String] {
        Lines.indented(doc + Lines.list("private static readonly \(name): readonly FieldRule[] = [", calls.map { [$0] }, "];", indent: syntax.indent, trailingCommas: true), by: syntax.indent)
    }

    /// `return` the write, checked against the collection's rules where it has any (throwing a `ConstraintError`).
    private func returning(_ write: CollectionWrite, _ expression: [String]) -> [String] {
        guard let rules = write.rules else { return Lines.appending(";", to: Lines.prefixing("return ", to: expression)) }
        return Lines.appending(");", to: Lines.prefixing("return FieldRule.checked(\(write.model).\(rules), ", to: expression))
    }

    /// The changes an update takes for a field of `type`: `SetChange<number> | IncrementChange`.
    func changeType(_ type: FieldType) -> String {
        (["SetChange<\(self.type(type))>"] + FieldChanges.of(type).map { change in
            switch change {
            case .delete: "DeleteChange"
            case .serverTimestamp: "ServerTimestampChange"
            case .increment: "IncrementChange"
            case let .array(element): "ArrayChange<\(self.type(element))>"
            case let .keys(element): "KeysChange<\(keyChangeType(element))>"
            }
        }).joined(separator: " | ")
    }

    /// The changes a key of a map of `element` takes: `SetChange<number> | DeleteChange | IncrementChange`.
    private func keyChangeType(_ element: FieldType) -> String {
        (["SetChange<\(type(element))>", "DeleteChange"] + FieldChanges.of(element).compactMap { change in
            switch change {
            case .increment: "IncrementChange"
            case let .array(element): "ArrayChange<\(type(element))>"
            case .delete, .serverTimestamp, .keys: nil
            }
        }).joined(separator: " | ")
    }

    /// `fields.likeCount ?? 0`: a create's field, with its default where it may be left out.
    private func argument(_ field: Field) -> String {
        let value = "fields.\(variableName(field.name))"
        if let literal = field.defaultValue { return "\(value) ?? \(self.literal(literal, as: field.type))" }
        return field.type.isOptional ? "\(value) ?? null" : value
    }

    private func objectType(_ name: String, _ members: [String]) -> [String] {
        ["\(name): {"] + Lines.indented(members, by: syntax.indent) + ["}"]
    }

    /// The method, its parameters one a line.
    private func writeMethod(_ write: CollectionWrite, parameters: [[String]], body: [String]) -> [String] {
        let flat = parameters.allSatisfy { $0.count == 1 } && parameters.count <= 2
        let signature = flat
            ? ["\(write.name)(\(parameters.map { $0[0] }.joined(separator: ", "))): DocumentWrite {"]
            : Lines.list("\(write.name)(", parameters, "): DocumentWrite {", indent: syntax.indent, trailingCommas: true)
        return Lines.indented(write.doc + signature + Lines.indented(body, by: syntax.indent) + ["}"], by: syntax.indent)
    }
}
