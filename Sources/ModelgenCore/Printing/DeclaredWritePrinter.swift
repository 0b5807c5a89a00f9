/// Prints the writes a schema declares (`writes:`): each a method of the model that calls the
/// collection's typed write with the values declared, after the pre-check if there is one, and
/// returns the runtime's `written` stream. What each holds is decided here; the language's
/// ``WriteSpelling/declaredWrite(_:)`` writes the method.
struct DeclaredWritePrinter {
    let language: any LanguageDefinition
    /// The model as the language names its types.
    let model: Model

    func methods() -> [[String]] {
        guard !model.declaredWrites.isEmpty else { return [] }
        let typed = model.writes(for: language.schemaName)
        return model.declaredWrites.compactMap { write in
            typed.first { $0.kind == write.kind && $0.collection.name == write.collection }.map { printed(write, calling: $0) }
        }.map(language.declaredWrite)
    }

    private func printed(_ write: DeclaredWrite, calling typed: WriteDefinition) -> PrintedDeclaredWrite {
        let id = language.variableName("id")
        let parameters = write.methodParameters(in: model).map { parameter in
            parameter.name == "id" && write.kind == .create
                ? language.newIDParameter : "\(language.variableName(parameter.name)): \(language.type(parameter.type))"
        }
        var keys: [String: String] = [:]
        for parameter in typed.collection.pathParameters { keys[parameter.name] = language.variableName(parameter.name) }
        var fields: [String: String] = [:]
        for value in write.values {
            guard let field = typed.fields.first(where: { $0.name == value.field }) else { continue }
            fields[value.field] = spelled(value, as: field.type, kind: write.kind)
        }
        let call = language.typedWriteCall(typed, call: member(language.memberName(typed.name), of: write) + "(%)", keys: keys, id: id, fields: fields)
        return PrintedDeclaredWrite(
            doc: language.docComments.lines(doc(write)), name: language.memberName(write.name), parameters: parameters,
            store: member(language.memberName("store"), of: write), write: call,
            throwing: typed.kind != .delete && typed.collection.fields.contains { !$0.constraints.isEmpty },
            check: write.check.map { check(write, $0) }
        )
    }

    /// A value as the typed write takes it: a create's field value, an update's change.
    private func spelled(_ value: DeclaredValue, as type: FieldType, kind: WriteDefinition.Kind) -> String {
        let calls = language.runner.writeCalls
        let operand = self.operand(value.value)
        guard kind != .create else { return operand }
        return switch value.change {
        case .set: calls.spelling(\.set).filling(operand)
        case .increment: calls.spelling(\.increment).filling(operand)
        case .serverTimestamp: calls.spelling(\.serverTimestamp)
        }
    }

    private func operand(_ operand: Operand) -> String {
        switch operand {
        case let .parameter(parameter): language.variableName(parameter.name)
        case let .literal(literal, type): language.literal(literal, as: type)
        case .field, .list: ""
        }
    }

    private func check(_ write: DeclaredWrite, _ check: PreCheckDefinition) -> PrintedCheck {
        var printed = PrintedCheck(
            write: language.strings.quoted(write.name), text: language.strings.quoted(check.text), op: check.op.rawValue, operand: operand(check.operand)
        )
        if let counter = check.counter, let collection = model.collections.first(where: { $0.name == counter.collection }) {
            let key = collection.fields.first { $0.name == counter.field }?.key ?? counter.field
            let path = Expressions(spelling: language).path(collection.path, appending: [language.variableName(counter.id)])
            printed.counter = PrintedCounter(path: path, field: language.strings.quoted(key), step: language.literal(.int(Int64(counter.step)), as: .int))
        } else if let name = check.stream {
            let stream = model.streams.first { $0.name == name }
            let arguments = (stream?.parameters ?? []).map { language.labelled(language.variableName($0.name), for: $0.name) }.joined(separator: ", ")
            printed.stream = "\(member(language.memberName(name), of: write))(\(arguments))"
        }
        return printed
    }

    /// A member of the model, through `self` or `this` where the language always goes through it
    /// or a parameter of the write has the member's name.
    private func member(_ name: String, of write: DeclaredWrite) -> String {
        let hidden = write.methodParameters(in: model).contains { language.variableName($0.name) == name }
        return language.syntax.qualifiesEveryMember || hidden ? "\(language.syntax.selfReference).\(name)" : name
    }

    private func doc(_ write: DeclaredWrite) -> String {
        let type = language.syntax.docLink.filling(language.typeName(write.collection))
        let what = switch write.kind {
        case .create: "Creates \(language.linkWithArticle(write.collection)), with a new id unless `id` is given"
        case .update, .merge: "Updates the \(type) with `id`"
        case .delete: "Deletes the \(type) with `id`"
        }
        var lines = [write.doc ?? what + "."]
        if write.doc != nil { lines.append("\(what).") }
        if let check = write.check, let counter = check.counter {
            let (created, change) = write.kind == .delete ? ("must exist", "takes one from") : ("must be new", "adds one to")
            let holder = "the \(language.syntax.docLink.filling(language.typeName(counter.collection))) with id `\(language.variableName(counter.id))`"
            lines.append(
                "Runs as one transaction, which needs the server: reads \(holder), fails, writing nothing, unless its "
                    + "`\(counter.field) \(check.op.rawValue) \(Validation.spelled(check.operand))`, then writes (the document \(created)) "
                    + "and \(change) its `\(counter.field)`. Emits the document's id once the transaction has committed, then ends."
            )
        } else {
            lines.append("Emits the document's id once the write is applied locally, and ends once the store acknowledges it.")
            if let check = write.check { lines.append("Fails, writing nothing, unless `\(check.text)` holds when the write starts.") }
        }
        return lines[0] + "\n\n" + lines.dropFirst().joined(separator: " ")
    }
}

/// A declared write for its language to print: the method's doc, name and parameters (spelled,
/// `id` among them), the typed write's call, whether it throws, and the pre-check.
struct PrintedDeclaredWrite {
    var doc: [String]
    var name: String
    var parameters: [String]
    /// The model's store, as the method reaches it.
    var store: String
    var write: String
    var throwing: Bool
    var check: PrintedCheck?
}

/// A pre-check's parts: the write's name and the check's text (quoted), the comparison of its
/// value with the operand, and what it reads: a stream's call, or a counter.
struct PrintedCheck {
    var write: String
    var text: String
    var op: String
    var operand: String
    var stream: String?
    var counter: PrintedCounter?
}

/// A counter check's document path (a list), its field's stored key (quoted) and the step the
/// write adds.
struct PrintedCounter {
    var path: String
    var field: String
    var step: String
}
