/// A call of one of the model's typed writes, over the language's ``WriteCalls``: arguments in
/// the order the method declares them (path parameters; a create's fields, then `id`; an update's
/// `id`, then its changes; last, the write's precondition options), named where the language
/// names them, else a create's fields, an update's changes and the options in an object each.
/// Vector runners and declared writes both call them.
extension RunnerSpelling {
    /// `call` (`model.createMessage(%)`) filled with the arguments given: path parameters by
    /// name, the id, fields by the schema's name and the precondition options by theirs, each
    /// already spelled; the others are left out.
    func typedWriteCall(
        _ write: WriteDefinition, call: String, keys: [String: String], id: String?, fields: [String: String], options: [WriteDefinition.Precondition: String] = [:]
    ) -> String {
        let calls = runner.writeCalls
        let named = { (entries: [(name: String, value: String?)]) in
            entries.compactMap { entry in entry.value.map { (entry.name, $0) } }
        }
        let pathKeys = named(write.collection.pathParameters.map { (name: $0.name, value: keys[$0.name]) })
        let idArgument = named([(name: "id", value: id)])
        let given = named(write.fields.map { (name: $0.name, value: fields[$0.name]) } + write.nested.map { (name: $0.name, value: fields[$0.name]) })
        let option = named(write.kind.preconditions.map { (name: $0.rawValue, value: options[$0]) })
        let ordered: [(String, String)] = switch write.kind {
        case .create: pathKeys + given + idArgument + option
        case .update, .merge, .delete: pathKeys + idArgument + given + option
        }
        let list: String
        if let pattern = calls.named {
            list = ordered.map { pattern.filling(["name": argumentLabel($0.0) ?? variableName($0.0), "value": $0.1]) }.joined(separator: ", ")
        } else {
            let object = { (entries: [(String, String)]) in
                // A spread (`...given`) stands for its entry, which may be left out.
                "{ " + entries.map { $0.1.hasPrefix("...") ? $0.1 : calls.objectEntry.filling(["name": variableName($0.0), "value": $0.1]) }.joined(separator: ", ") + " }"
            }
            let positional = pathKeys.map(\.1) + (write.kind == .create && !write.fields.isEmpty ? [object(given)] : []) + idArgument.map(\.1)
                + (write.kind == .update || write.kind == .merge ? [object(given)] : []) + (option.isEmpty ? [] : [object(option)])
            list = positional.joined(separator: ", ")
        }
        return call.filling(list)
    }
}
