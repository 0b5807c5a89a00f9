/// Kotlin transactions: `runTransaction`, as the flavour declares it, and a class of typed
/// getters over the runtime's `DocumentTransaction`.
extension KotlinLanguage {
    func transactionMethod(doc: [String], type: String) -> [String] {
        Lines.indented(flavour.transactionMethod(doc: doc, type: type), by: syntax.indent)
    }

    func transactionDeclaration(doc: [String], type: String, getters: [TransactionGetter], writeDoc: [String]) -> String {
        let methods = getters.map { getter in
            let parameters = getter.parameters.map { "\($0): String" }.joined(separator: ", ")
            return getter.doc + ["fun \(getter.name)(\(parameters)): \(getter.type)? = \(getter.transaction).get(\(getter.type), \(getter.path))"]
        } + [writeDoc + ["fun write(vararg writes: DocumentWrite) = writes.forEach(transaction::write)"]]
        return (doc + ["class \(type) internal constructor(private val transaction: DocumentTransaction) {"]
            + Lines.indented(Array(methods.joined(separator: [""])), by: syntax.indent) + ["}"]).joined(separator: "\n")
    }
}
