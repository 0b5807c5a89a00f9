/// How a runner runs a vector's transaction: the model's `runTransaction`, whose body traces
/// the attempt's reads, makes another client's writes in the first attempts, and gives the
/// typed writes to the transaction.
extension VectorVerification {
    func statements(_ transaction: VectorTransaction, model: Model, typedWrites: [WriteDefinition], step: Int) -> [String] {
        let calls = runner.transactions, attempts = program.transactions
        let counter = "attempts\(step)"
        let label = strings.quoted(transaction.label)
        let reads = transaction.reads.map { read -> String in
            guard let collection = model.collections.first(where: { $0.schemaName == NameCase.upperCamel(read.collection) }) else { return "" }
            let arguments = (collection.pathParameters.map(\.name) + ["id"]).map { name in
                let value = argument(read.arguments.first { $0.name == name }?.value ?? .null, as: .string)
                return labelled(value, for: name)
            }
            return calls.read.filling(["getter": memberName("get" + collection.schemaName), "type": typeName(collection.name), "name": collection.name])
                .filling(arguments.joined(separator: ", "))
        }
        var body = [attempts.emit.filling(["label": label]).filling(reads.joined(separator: ", "))]
        if !transaction.concurrent.isEmpty {
            let writes = transaction.concurrent.map { write($0, program.batchSet, program.batchUpdate, program.batchDelete) }
            body.append(attempts.concurrently.filling(["counter": counter, "count": "\(transaction.contention)"]).filling(writes.joined(separator: ", ")))
        }
        for case let .write(name, arguments) in transaction.writes {
            body.append(attempts.write.filling(writeCall(name, arguments, writes: typedWrites, model: model)))
        }
        let counted = transaction.concurrent.isEmpty ? [] : [attempts.counter.filling(["counter": counter])]
        let options = transaction.maxAttempts.map { calls.maxAttempts.filling(String($0)) } ?? ""
        return counted + [calls.open.filling(["label": label, "options": options])] + Lines.indented(body, by: syntax.indent)
            + [calls.close.filling(["options": options])]
    }
}
