/// Swift transactions: `runTransaction`, async, and a struct of typed getters over the runtime's
/// `DocumentTransaction`.
extension SwiftLanguage {
    func transactionMethod(doc: [String], type: String) -> [String] {
        Lines.indented(doc + [
            "public func runTransaction<T: Sendable>(",
            "    maxAttempts: Int = maximumTransactionAttempts,",
            "    _ body: @escaping @Sendable (\(type)) throws -> T",
            ") async throws -> T {",
            "    try await store.runTransaction(maxAttempts: maxAttempts) { try body(\(type)($0)) }",
            "}",
        ], by: syntax.indent)
    }

    func transactionDeclaration(doc: [String], type: String, getters: [TransactionGetter], writeDoc: [String]) -> String {
        let methods = getters.map { getter in
            let parameters = getter.parameters.map { "\($0): String" }.joined(separator: ", ")
            return getter.doc + ["public func \(getter.name)(\(parameters)) throws -> \(getter.type)? {", "    try \(getter.transaction).get(\(getter.type).self, at: \(getter.path))", "}"]
        } + [writeDoc + ["public func write(_ writes: DocumentWrite...) {", "    for write in writes { transaction.write(write) }", "}"]]
        let members = [
            ["private let transaction: any DocumentTransaction"],
            ["init(_ transaction: any DocumentTransaction) {", "    self.transaction = transaction", "}"],
        ] + methods
        return (doc + ["nonisolated public struct \(type) {"] + Lines.indented(Array(members.joined(separator: [""])), by: syntax.indent) + ["}"])
            .joined(separator: "\n")
    }
}
