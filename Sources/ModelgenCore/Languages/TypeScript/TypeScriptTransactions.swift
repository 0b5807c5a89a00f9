/// TypeScript transactions: `runTransaction`, a `Promise`, and a class of typed getters over the
/// runtime's `DocumentTransaction`.
extension TypeScriptLanguage {
    func transactionMethod(doc: [String], type: String) -> [String] {
        Lines.indented(doc + [
            "runTransaction<T>(body: (transaction: \(type)) => Promise<T>, options: TransactionOptions = {}): Promise<T> {",
            "  return this.store.runTransaction((transaction) => body(new \(type)(transaction)), options);",
            "}",
        ], by: syntax.indent)
    }

    func transactionDeclaration(doc: [String], type: String, getters: [TransactionGetter], writeDoc: [String]) -> String {
        let methods = getters.map { getter in
            let parameters = getter.parameters.map { "\($0): string" }.joined(separator: ", ")
            return getter.doc + [
                "\(getter.name)(\(parameters)): Promise<\(getter.type) | null> {",
                "  return readDocument(\(getter.transaction), \(getter.type), \(getter.path));",
                "}",
            ]
        } + [writeDoc + ["write(...writes: readonly DocumentWrite[]): void {", "  for (const write of writes) this.transaction.write(write);", "}"]]
        let members = [
            ["private readonly transaction: DocumentTransaction;"],
            ["constructor(transaction: DocumentTransaction) {", "  this.transaction = transaction;", "}"],
        ] + methods
        return (doc + ["export class \(type) {"] + Lines.indented(Array(members.joined(separator: [""])), by: syntax.indent) + ["}"])
            .joined(separator: "\n")
    }
}
