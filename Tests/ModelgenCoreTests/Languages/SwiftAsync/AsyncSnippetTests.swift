import Testing
@testable import ModelgenCore

/// Swift over Swift concurrency (`swift-async`): what differs from Combine, in full (see
/// ``Snippet``); declarations, queries, reads, writes and transactions are Swift's own, printed
/// alike.
@Suite struct AsyncSnippetTests {
    @Test func storeStreamsAreLiveStreamsOfTheAsyncLayer() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "swift-async")
        #expect(try snippet.stream("board") == """
                /// One `Board`, or none: the `Board` with the id.
                public func board(id: String) -> LiveStream<Board?> {
                    DocumentStream.stream(
                        store: store,
                        path: ["boards", id],
                        scheduler: scheduler,
                        onDecodeFailure: onDecodeFailure
                    )
                }
            """)
        #expect(try snippet.stream("cards").contains("public func cards(board: String) -> LiveStream<[Card]> {\n        CollectionStream.stream(\n"))
        #expect(try snippet.stream("averageCost").contains("public func averageCost(board: String) -> LiveStream<Double?> {\n        CollectionStream.aggregate(\n"))
    }

    @Test func aCombineStreamIsTheLayersCombineLatest() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "swift-async")
        #expect(try snippet.stream("summary") == """
                /// A `BoardSummary`: the latest of `board`, `cards`, `averageCost`.
                public func summary(id: String, board: String) -> LiveStream<BoardSummary> {
                    combineLatest(
                        self.board(id: id),
                        cards(board: board),
                        averageCost(board: board),
                        into: BoardSummary.init
                    )
                }
            """)
    }

    @Test func readsAreAsyncAsInEveryFlavour() throws {
        let combine = try Snippet(SnippetSchemas.combine, in: "swift")
        let async = try Snippet(SnippetSchemas.combine, in: "swift-async")
        for stream in ["board", "cards", "averageCost", "summary"] {
            #expect(try async.read(stream) == combine.read(stream))
        }
    }

    @Test func aDebouncedStreamWaitsOnTheModelsScheduler() throws {
        let snippet = try Snippet(SnippetSchemas.debounce, in: "swift-async")
        #expect(try snippet.stream("cheap").hasSuffix("""
                public func cheap() -> LiveStream<[Card]> {
                    cards()
                        .filterRows { card in Match.less(card.cost, 1.0) }
                        .debounced(milliseconds: 2000, scheduler: scheduler)
                }
            """))
    }

    @Test func aDeclaredWriteIsALiveStreamOfTheWrittenId() throws {
        let snippet = try Snippet(SnippetSchemas.renamed, in: "swift-async")
        #expect(try snippet.declaredWrite("addTask").contains("public func addTask(title: String, id: String = DocumentID.make()) -> LiveStream<String> {\n        store.written {"))
    }

    @Test func theOutputImportsTheAsyncLayerAndNoCombine() throws {
        let language = try #require(Language.named("swift-async")).definition
        let snippet = try Snippet(SnippetSchemas.noFields, in: "swift-async")
        let model = language.modelDeclaration(snippet.model, streams: "", queries: [])
        #expect(language.preamble(for: snippet.model, declarations: model) == "import ModelgenAsync")
        #expect(try Snippet(SnippetSchemas.combine, in: "swift").stream("cards").contains("AnyPublisher"))
        #expect(try !Snippet(SnippetSchemas.combine, in: "swift-async").stream("cards").contains("Publisher"))
    }

    @Test func aFlavourTakesItsLanguagesRenamesAndReservesItsOwnNames() throws {
        let snippet = try Snippet(SnippetSchemas.renamed, in: "swift-async")
        #expect(snippet.language.schemaName == "swift")
        #expect(try snippet.stream("tasks").contains("LiveStream<[TodoTask]>"))
        let async = try #require(Language.named("swift-async")).definition.reservedNames.types
        let combine = try #require(Language.named("swift")).definition.reservedNames.types
        #expect(async.contains("LiveStream") && !async.contains("AnyPublisher"))
        #expect(combine.contains("AnyPublisher") && !combine.contains("LiveStream"))
    }
}
