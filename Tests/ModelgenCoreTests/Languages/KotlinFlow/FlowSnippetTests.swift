import Testing
@testable import ModelgenCore

/// Kotlin over coroutines `Flow` (`kotlin-flow`): what differs from RxJava, in full (see
/// ``Snippet``); declarations, queries and writes are Kotlin's own, printed alike.
@Suite struct FlowSnippetTests {
    @Test func aCombineStreamIsTheRuntimesCombineLatestAndAMissingDocumentIsNull() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "kotlin-flow")
        #expect(try snippet.stream("summary") == """
                /** A `BoardSummary`: the latest of `board`, `cards`, `averageCost`. */
                fun summary(id: String, board: String): Flow<BoardSummary> =
                    combineLatest(
                        this.board(id),
                        cards(board),
                        averageCost(board)
                    ) { boardValue, cards, averageCost -> BoardSummary(boardValue, cards, averageCost) }
            """)
        #expect(try snippet.stream("board").contains("fun board(id: String): Flow<Board?> =\n"))
        #expect(try snippet.stream("averageCost").contains("fun averageCost(board: String): Flow<Double?> =\n"))
    }

    @Test func aCombineReadReadsEveryInputInASuspendingLambdaOnTheScheduler() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "kotlin-flow")
        #expect(try snippet.read("summary").hasSuffix("""
                suspend fun fetchSummary(id: String, board: String): BoardSummary = reading(scheduler) {
                    combineReads(
                        { fetchBoard(id) },
                        { fetchCards(board) },
                        { fetchAverageCost(board) }
                    ) { boardValue, cards, averageCost -> BoardSummary(boardValue, cards, averageCost) }
                }
            """))
        #expect(try snippet.read("board").hasSuffix("""
                suspend fun fetchBoard(id: String): Board? = reading(scheduler) {
                    DocumentStream.fetch(store, listOf("boards", id), Board, onDecodeFailure)
                }
            """))
    }

    @Test func aJoinReadReadsBothSidesInSuspendingLambdas() throws {
        let snippet = try Snippet(SnippetSchemas.joinOfJoin, in: "kotlin-flow")
        #expect(try snippet.read("withRooms").hasSuffix("""
                suspend fun fetchWithRooms(): List<MessageWithOwnerWithRoom> = reading(scheduler) {
                    JoinRows.inner(
                        { fetchWithOwners() },
                        { fetchRooms() },
                        { it.message.roomId },
                        { it.id },
                        ::MessageWithOwnerWithRoom
                    )
                }
            """))
    }

    @Test func aReadWithAParameterCalledSchedulerRunsOnTheModels() throws {
        let snippet = try Snippet("""
            model: Board
            collections:
              Card: { path: "boards/{scheduler}/cards", fields: { cost: double } }
            streams:
              cards: { from: Card }
            """, in: "kotlin-flow")
        #expect(try snippet.read("cards").contains("suspend fun fetchCards(scheduler: String): List<Card> = reading(this.scheduler) {\n"))
    }

    @Test func aDebouncedFlowWaitsOnTheModelsScheduler() throws {
        let snippet = try Snippet(SnippetSchemas.debounce, in: "kotlin-flow")
        #expect(try snippet.stream("cheap").hasSuffix("""
                fun cheap(): Flow<List<Card>> =
                    cards().filterRows { card -> Match.less(card.cost, 1.0) }
                        .debounced(2000, scheduler)
            """))
    }

    @Test func commitAndTransactionsSuspend() throws {
        let language = try #require(Language.named("kotlin-flow")).definition
        #expect(language.commit(doc: ["/** Commits. */"], listDoc: ["/** Commits a list. */"]).joined(separator: "\n") == """
                /** Commits. */
                suspend fun commit(vararg writes: DocumentWrite): Unit = commit(writes.asList())

                /** Commits a list. */
                suspend fun commit(writes: List<DocumentWrite>): Unit = store.commitBatch(writes)
            """)
        #expect(language.transactionMethod(doc: [], type: "TodoTransaction").joined(separator: "\n") == """
                suspend fun <T : Any> runTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (TodoTransaction) -> T): T =
                    store.runTransaction(maxAttempts) { body(TodoTransaction(it)) }
            """)
    }

    @Test func aDeclaredWriteIsAFlowOfTheWrittenId() throws {
        let snippet = try Snippet(SnippetSchemas.renamed, in: "kotlin-flow")
        #expect(try snippet.declaredWrite("addTask").contains("fun addTask(title: String, id: String = DocumentIds.make()): Flow<String> =\n        store.written {"))
    }

    @Test func theModelTakesACoroutineDispatcherAsItsScheduler() throws {
        let language = try #require(Language.named("kotlin-flow")).definition
        let snippet = try Snippet(SnippetSchemas.noFields, in: "kotlin-flow")
        let model = language.modelDeclaration(snippet.model, streams: "", queries: [])
        #expect(model.contains("""
                /** Where streams and reads decode and derive their values, and streams debounce; collectors and callers get the values in their own context. */
                val scheduler: CoroutineDispatcher = Dispatchers.Default,

            """), "\(model)")
        #expect(language.preamble(for: snippet.model, declarations: model).contains("import kotlinx.coroutines.CoroutineDispatcher\nimport kotlinx.coroutines.Dispatchers\n"))
    }

    @Test func aFlavourTakesItsLanguagesRenamesAndSettings() throws {
        let snippet = try Snippet(SnippetSchemas.renamed, in: "kotlin-flow")
        #expect(snippet.language.schemaName == "kotlin")
        #expect(snippet.language.settings.isEmpty, "the schema's 'kotlin:' settings serve both Kotlin flavours")
        #expect(try snippet.stream("tasks").contains("Flow<List<Task>>"))
    }
}
