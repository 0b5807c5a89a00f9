/// Prints the model's transactions, the same in every language: `runTransaction`, and the
/// transaction type it hands its body — a typed getter per collection (`getMessage`) and
/// `write` for the model's typed writes. The language's ``TransactionSpelling`` writes them.
struct TransactionPrinter {
    let language: any LanguageDefinition
    /// The model as the language names its types.
    let model: Model

    static let methodDoc = """
        Runs `body` as a Firestore transaction and returns its result. `body` reads documents \
        through the transaction's getters and gives it typed writes; the writes are applied \
        together when `body` returns, and only if no document it read has changed meanwhile — \
        else `body` runs again, at most `maxAttempts` times in all (5 unless given, as Firestore's \
        default). An error `body` throws ends the transaction, writing nothing.
        """
    static let writeDoc = "Adds `writes` (made by the model's typed writes) to the transaction: they are applied together when it commits."

    /// The model's `runTransaction` method.
    func method() -> [String] {
        language.transactionMethod(doc: language.docComments.lines(Self.methodDoc), type: typeName)
    }

    /// The transaction type's declaration.
    func declaration() -> String {
        let modelLink = language.syntax.docLink.filling(language.typeName(model.typeName))
        let doc = "A transaction of \(modelLink): its documents read as they are now, and writes applied together when it commits. "
            + "Every read comes before any write."
        let getters = model.collections.map { collection in
            let type = language.typeName(collection.name)
            let parameters = collection.pathParameters.map { language.variableName($0.name) } + [language.variableName("id")]
            let qualified = language.syntax.qualifiesEveryMember || parameters.contains("transaction")
            return TransactionGetter(
                doc: language.docComments.lines("The \(language.syntax.docLink.filling(type)) with `id` as it is now, or \(language.literals.null) if there is none."),
                name: language.memberName("get" + collection.schemaName),
                parameters: parameters,
                transaction: qualified ? language.syntax.selfReference + ".transaction" : "transaction",
                type: type,
                path: Expressions(spelling: language).path(collection.path, appending: [language.variableName("id")])
            )
        }
        return language.transactionDeclaration(
            doc: language.docComments.lines(doc), type: typeName, getters: getters, writeDoc: language.docComments.lines(Self.writeDoc)
        )
    }

    private var typeName: String { language.typeName(model.transactionTypeName) }
}

/// A typed getter of a transaction: its doc and name, its parameters (spelled), the member
/// holding the runtime's transaction (qualified where a parameter hides it), the document type
/// and the document's path.
struct TransactionGetter {
    var doc: [String]
    var name: String
    var parameters: [String]
    var transaction: String
    var type: String
    var path: String
}

/// How a language writes the model's transactions.
protocol TransactionSpelling: Spelling {
    /// `runTransaction`, handing its body a transaction of `type`.
    func transactionMethod(doc: [String], type: String) -> [String]
    /// The transaction type: a getter per collection, and `write`.
    func transactionDeclaration(doc: [String], type: String, getters: [TransactionGetter], writeDoc: [String]) -> String
}

extension Model {
    /// `ChatTransaction` for `ChatModel`.
    public var transactionTypeName: String { Self.transactionTypeName(of: typeName) }

    /// `ChatTransaction` for the model type `ChatModel`.
    static func transactionTypeName(of modelTypeName: String) -> String {
        String(modelTypeName.dropLast("Model".count)) + "Transaction"
    }
}
