import Testing
@testable import ModelgenCore

/// Swift declarations and stream methods for each edge case, in full (see ``Snippet``).
@Suite struct SwiftSnippetTests {
    @Test func aCollectionWithoutFieldsDeclaresNoReaderAndEncodesAnEmptyDictionary() throws {
        #expect(try Snippet(SnippetSchemas.noFields, in: "swift").type("Marker") == """
            nonisolated public struct Marker: Identifiable, Sendable {
                /// The document's id.
                public var id: String

                public init(
                    id: String
                ) {
                    self.id = id
                }
            }

            nonisolated extension Marker: DocumentCodable {
                public init(id: String, data: DocumentData) throws(DocumentDecodingError) {
                    self.init(
                        id: id
                    )
                }

                public var documentData: DocumentData {
                    [:]
                }
            }

            nonisolated extension Marker: Hashable, ContractEquatable {
                public static func == (lhs: Marker, rhs: Marker) -> Bool {
                    Match.same(lhs.id, rhs.id)
                }

                public func hash(into hasher: inout Hasher) {
                    Match.hash(id, into: &hasher)
                }
            }
            """)
    }

    @Test func optionalFieldsDefaultToNil() throws {
        #expect(try Snippet(SnippetSchemas.optionalFields, in: "swift").type("Size") == """
            nonisolated public struct Size: Sendable {
                public var width: Int?
                public var height: Double?

                public init(
                    width: Int? = nil,
                    height: Double? = nil
                ) {
                    self.width = width
                    self.height = height
                }
            }

            nonisolated extension Size: FieldCodable {
                public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
                    let fields = try FieldReader(documentValue)
                    self.init(
                        width: try fields.decode("width"),
                        height: try fields.decode("height")
                    )
                }

                public var documentValue: DocumentValue {
                    .map([
                        "width": width.documentValue,
                        "height": height.documentValue,
                    ])
                }
            }

            nonisolated extension Size: Hashable, ContractEquatable {
                public static func == (lhs: Size, rhs: Size) -> Bool {
                    Match.same(lhs.width, rhs.width)
                        && Match.same(lhs.height, rhs.height)
                }

                public func hash(into hasher: inout Hasher) {
                    Match.hash(width, into: &hasher)
                    Match.hash(height, into: &hasher)
                }
            }
            """)
    }

    @Test func keywordsAreEscapedWithBackticksButNotAsArgumentLabels() throws {
        let snippet = try Snippet(SnippetSchemas.keywords, in: "swift")
        #expect(try snippet.type("Type") == """
            nonisolated public struct `Type`: Identifiable, Sendable {
                /// The document's id.
                public var id: String
                public var `default`: String
                public var `in`: Int?

                public init(
                    id: String,
                    `default`: String,
                    `in`: Int? = nil
                ) {
                    self.id = id
                    self.`default` = `default`
                    self.`in` = `in`
                }
            }

            nonisolated extension `Type`: DocumentCodable {
                public init(id: String, data: DocumentData) throws(DocumentDecodingError) {
                    let fields = FieldReader(data)
                    self.init(
                        id: id,
                        default: try fields.decode("default"),
                        in: try fields.decode("in")
                    )
                }

                public var documentData: DocumentData {
                    [
                        "default": `default`.documentValue,
                        "in": `in`.documentValue,
                    ]
                }
            }

            nonisolated extension `Type`: Hashable, ContractEquatable {
                public static func == (lhs: `Type`, rhs: `Type`) -> Bool {
                    Match.same(lhs.id, rhs.id)
                        && Match.same(lhs.`default`, rhs.`default`)
                        && Match.same(lhs.`in`, rhs.`in`)
                }

                public func hash(into hasher: inout Hasher) {
                    Match.hash(id, into: &hasher)
                    Match.hash(`default`, into: &hasher)
                    Match.hash(`in`, into: &hasher)
                }
            }
            """)
        #expect(try snippet.stream("delete") == """
                /// A list of `Type`: `types` where `default == $new`.
                public func delete(new: String) -> AnyPublisher<[`Type`], any Error> {
                    types()
                        .filterRows { type in Match.equal(type.`default`, new) }
                }
            """)
        #expect(try snippet.read("delete") == """
                /// Reads `delete` once.
                public func fetchDelete(new: String) async throws -> [`Type`] {
                    try await fetchTypes()
                        .filter { type in Match.equal(type.`default`, new) }
                }
            """)
    }

    @Test func aListOfAnEmbeddedTypeDecodesByItsType() throws {
        let post = try Snippet(SnippetSchemas.listOfEmbedded, in: "swift").type("Post")
        #expect(post.hasPrefix("""
            nonisolated public struct Post: Identifiable, Sendable {
                /// The document's id.
                public var id: String
                public var tags: [Tag]

                public init(
                    id: String,
                    tags: [Tag]
                ) {
            """))
        #expect(post.contains("""
                    self.init(
                        id: id,
                        tags: try fields.decode("tags")
                    )
            """))
        #expect(post.contains("""
                public var documentData: DocumentData {
                    [
                        "tags": tags.documentValue,
                    ]
                }
            """))
    }

    @Test func aJoinOfAJoinKeysOnAFieldOfTheFirstRow() throws {
        let snippet = try Snippet(SnippetSchemas.joinOfJoin, in: "swift")
        #expect(try snippet.join("MessageWithOwnerWithRoom") == """
            /// A ``MessageWithOwner`` with its room.
            nonisolated public struct MessageWithOwnerWithRoom: Hashable, Sendable, ContractEquatable {
                public var messageWithOwner: MessageWithOwner
                public var room: Room

                public init(messageWithOwner: MessageWithOwner, room: Room) {
                    self.messageWithOwner = messageWithOwner
                    self.room = room
                }
            }
            """)
        #expect(try snippet.stream("withRooms") == """
                /// A list of `MessageWithOwnerWithRoom`: `withOwners` joined with `rooms` on `message.roomId == id`, inner.
                public func withRooms() -> AnyPublisher<[MessageWithOwnerWithRoom], any Error> {
                    withOwners()
                        .innerJoin(rooms(), on: { $0.message.roomId }, equals: { $0.id }, into: MessageWithOwnerWithRoom.init)
                }
            """)
        // Both sides are read at once: the runtime runs each argument as a child task.
        #expect(try snippet.read("withRooms") == """
                /// Reads `withRooms` once.
                public func fetchWithRooms() async throws -> [MessageWithOwnerWithRoom] {
                    try await JoinRows.inner(
                        await fetchWithOwners(),
                        await fetchRooms(),
                        on: { $0.message.roomId },
                        equals: { $0.id },
                        into: MessageWithOwnerWithRoom.init
                    )
                }
            """)
    }

    /// The query is written once, in the model's private `Queries`, for the stream and its read.
    @Test func anOrInAStoreQueryListsItsTerms() throws {
        let snippet = try Snippet(SnippetSchemas.storeJunction, in: "swift")
        #expect(try snippet.stream("mine") == """
                /// A list of `Message`: `Message` where `ownerUid == $uid or roomId in ["r1", "r2"]`.
                public func mine(uid: String) -> AnyPublisher<[Message], any Error> {
                    CollectionStream.publisher(
                        store: store,
                        query: Queries.mine(uid: uid),
                        scheduler: scheduler,
                        onDecodeFailure: onDecodeFailure
                    )
                }
            """)
        #expect(snippet.queries() == """
            /// The streams' store queries, each read live and once.
            private enum Queries {
                static func mine(uid: String) -> StoreQuery {
                    StoreQuery(
                        collection: ["messages"],
                        filter: .or([
                            .compare(["ownerUid"], .equal, uid.documentValue),
                            .compare(["roomId"], .isIn, ["r1", "r2"])
                        ])
                    )
                }
            }
            """)
    }
}

extension SwiftSnippetTests {
    /// Swift's `?.` skips the rest of the chain, so only an optional member is followed by it
    /// (`owner?.address?.zip` does not compile: `address` is no optional); Kotlin chains on.
    @Test func aChainThroughAnOptionalRowGoesOnWithDotsAfterARequiredMember() throws {
        #expect(try Snippet(SnippetSchemas.throughOptionalRow, in: "swift").stream("inTown").contains(
            "messageWithOwner.owner?.address.zip"
        ))
        #expect(try Snippet(SnippetSchemas.throughOptionalRow, in: "kotlin").stream("inTown").contains(
            "messageWithOwner.owner?.address?.zip"
        ))
    }

    @Test func aTypeRenamedForSwiftIsDeclaredAndUsedUnderItsNewName() throws {
        let snippet = try Snippet(SnippetSchemas.renamed, in: "swift")
        #expect(try snippet.type("TodoTask").hasPrefix("nonisolated public struct TodoTask: Identifiable, Sendable {"))
        #expect(try snippet.stream("tasks") == """
                /// A list of `TodoTask`: every `TodoTask` document.
                public func tasks() -> AnyPublisher<[TodoTask], any Error> {
                    CollectionStream.publisher(
                        store: store,
                        query: Queries.tasks(),
                        scheduler: scheduler,
                        onDecodeFailure: onDecodeFailure
                    )
                }
            """)
        #expect(try Snippet(SnippetSchemas.renamed, in: "kotlin").type("Task").hasPrefix("data class Task("), "only Swift renames it")
    }

    /// The writes and getters keep the schema's name, as in the languages that do not rename it.
    @Test func aRenamedCollectionsWritesAndGettersKeepTheSchemasName() throws {
        let snippet = try Snippet(SnippetSchemas.renamed, in: "swift")
        #expect(try snippet.declaredWrite("addTask").contains("""
                    store.written { [self] in
                        createTask(title: title, id: id)
                    }
            """))
        #expect(snippet.transaction().contains("""
                public func getTask(id: String) throws -> TodoTask? {
                    try transaction.get(TodoTask.self, at: ["tasks", id])
                }
            """))
    }
}

extension SwiftSnippetTests {
    @Test func cursorsBecomeBoundsAndARowSpellsOutTheWholeOrder() throws {
        #expect(try Snippet(SnippetSchemas.cursors, in: "swift").queries() == """
            /// The streams' store queries, each read live and once.
            private enum Queries {
                static func page(floor: Double, after: Shop?) -> StoreQuery {
                    StoreQuery(
                        collection: ["shops"],
                        filter: .compare(["rating"], .greater, floor.documentValue),
                        orderBy: [.ascending(["place", "city"]), .ascending(["rating"]), .ascending(.documentID)],
                        limit: 10,
                        start: after.map { shop in QueryBound([(shop.place?.city).documentValue, shop.rating.documentValue, shop.id.documentValue], inclusive: false) }
                    )
                }

                static func between(top: Double) -> StoreQuery {
                    StoreQuery(
                        collection: ["shops"],
                        orderBy: [.descending(["rating"]), .ascending(["name"])],
                        start: QueryBound([top.documentValue, "m"], inclusive: true),
                        end: QueryBound([1.5], inclusive: false)
                    )
                }
            }
            """)
    }

    @Test func aStringEnumIsAnEnumOfRawValuesAndItsLiteralsAreCases() throws {
        let snippet = try Snippet(SnippetSchemas.enums, in: "swift")
        #expect(try snippet.enumeration("Status") == """
            /// Where a card is.
            nonisolated public enum Status: String, StringEnum {
                case `open`
                case inProgress = "in-progress"
                case done
            }
            """)
        #expect(try snippet.enumeration("CardFlag").hasPrefix("nonisolated public enum CardFlag: String, StringEnum {\n    case on\n}"))
        #expect(try snippet.stream("active").contains(".filterRows { card in Match.isIn(card.status, [Status.`open`, Status.inProgress]) && Match.equal(card.flag, CardFlag.on) }"))
        #expect(snippet.queries().contains("filter: .compare([\"status\"], .notEqual, skipped.documentValue)"))
        #expect(try snippet.type("Card").contains("status: Status = Status.`open`,"))
    }

    @Test func aDistinctStreamKeysItsRowsThroughOptionalSteps() throws {
        let snippet = try Snippet(SnippetSchemas.distinct, in: "swift")
        let (perCity, perName) = (try snippet.stream("perCity"), try snippet.read("perName"))
        #expect(perCity.hasSuffix("cards()\n            .distinctRows { $0.place?.city }\n    }"), "\(perCity)")
        #expect(perName.hasSuffix("try await fetchWithOwner()\n            .distinctRows { $0.person?.name }\n    }"), "\(perName)")
    }

    @Test func aGroupedAggregateWrapsTheAggregateOfEachGroup() throws {
        let snippet = try Snippet(SnippetSchemas.grouped, in: "swift")
        let (live, read) = (try snippet.stream("perStage"), try snippet.read("costPerAssignee"))
        #expect(live.contains("-> AnyPublisher<[Grouped<Stage, Int>], any Error> {\n        CollectionStream.aggregate(\n            .grouped(by: \\Card.stage, .count),\n"), "\(live)")
        #expect(read.hasSuffix(".aggregated(.grouped(by: \\Card.assignee?.id, .sum(of: \\Card.cost))) { card in Match.equal(card.stage, Stage.todo) }\n    }"), "\(read)")
    }

    @Test func aJoinOnAReferenceKeysTheRightRowsByTheirReference() throws {
        let join = try Snippet(SnippetSchemas.grouped, in: "swift").stream("withPerson")
        #expect(join.contains(".leftJoin(people(), on: { $0.assignee }, equals: { PersonReference(id: $0.id) }, into: CardWithPerson.init)"), "\(join)")
    }

    @Test func anAggregateIsKeptFromItsQueryOrComputedFromRows() throws {
        let snippet = try Snippet(SnippetSchemas.aggregates, in: "swift")
        let (live, read, rows) = (try snippet.stream("openPoints"), try snippet.read("openPoints"), try snippet.stream("distinctCosts"))
        #expect(live.contains("-> AnyPublisher<Int, any Error> {\n        CollectionStream.aggregate(\n            .sum(of: \\Card.size?.points),\n            store: store,\n            query: Queries.cards(),"), "\(live)")
        #expect(live.hasSuffix(") { card in Match.equal(card.done, false) && Match.greater(card.cost, 1.0) }\n    }"), "\(live)")
        #expect(read.hasSuffix("try await fetchOpen()\n            .aggregated(.sum(of: \\Card.size?.points)) { card in Match.greater(card.cost, 1.0) }\n    }"), "\(read)")
        #expect(rows.hasSuffix("perCost()\n            .aggregateRows(.sum(of: \\Card.cost))\n    }"), "\(rows)")
        #expect(try snippet.stream("averageCost").contains("-> AnyPublisher<Double?, any Error>"))
        #expect(try snippet.stream("leastPoints").contains("-> AnyPublisher<Int?, any Error> {\n        CollectionStream.aggregate(\n            .min(of: \\Card.size?.points),"))
    }

    @Test func aSortStreamOrdersRowsByKeyClosures() throws {
        let snippet = try Snippet(SnippetSchemas.sort, in: "swift")
        let (live, read) = (try snippet.stream("byOwner"), try snippet.read("byOwner"))
        #expect(live.hasSuffix("withOwner()\n            .sortRows(by: [.ascending { $0.person?.name }, .descending { $0.card.rank }], limit: count)\n    }"), "\(live)")
        #expect(read.hasSuffix("try await fetchWithOwner()\n            .sortedRows(by: [.ascending { $0.person?.name }, .descending { $0.card.rank }], limit: count)\n    }"), "\(read)")
        #expect(try snippet.stream("firstThree").hasSuffix("cards()\n            .sortRows(by: [], limit: 3)\n    }"))
        #expect(try snippet.stream("byTitle").hasSuffix("cards()\n            .sortRows(by: [.descending { $0.title }])\n    }"))
    }

    @Test func aCombineStreamMakesItsRecordFromTheLatestValues() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "swift")
        #expect(try snippet.stream("summary") == """
                /// A `BoardSummary`: the latest of `board`, `cards`, `averageCost`.
                public func summary(id: String, board: String) -> AnyPublisher<BoardSummary, any Error> {
                    combineLatest(
                        self.board(id: id),
                        cards(board: board),
                        averageCost(board: board),
                        into: BoardSummary.init
                    )
                }
            """)
        #expect(try snippet.read("summary").hasSuffix("""
                public func fetchSummary(id: String, board: String) async throws -> BoardSummary {
                    async let boardValue = fetchBoard(id: id)
                    async let cards = fetchCards(board: board)
                    async let averageCost = fetchAverageCost(board: board)
                    return try await BoardSummary(board: boardValue, cards: cards, averageCost: averageCost)
                }
            """))
        #expect(try snippet.record("summary") == """
            /// What `summary` emits: the latest value of each of its streams.
            nonisolated public struct BoardSummary: Sendable {
                public var board: Board?
                public var cards: [Card]
                public var averageCost: Double?

                public init(board: Board?, cards: [Card], averageCost: Double?) {
                    self.board = board
                    self.cards = cards
                    self.averageCost = averageCost
                }
            }

            nonisolated extension BoardSummary: Hashable, ContractEquatable {
                public static func == (lhs: BoardSummary, rhs: BoardSummary) -> Bool {
                    Match.same(lhs.board, rhs.board)
                        && Match.same(lhs.cards, rhs.cards)
                        && Match.same(lhs.averageCost, rhs.averageCost)
                }

                public func hash(into hasher: inout Hasher) {
                    Match.hash(board, into: &hasher)
                    Match.hash(cards, into: &hasher)
                    Match.hash(averageCost, into: &hasher)
                }
            }
            """)
    }

    @Test func aDebouncedStreamWaitsOnTheModelsScheduler() throws {
        let snippet = try Snippet(SnippetSchemas.debounce, in: "swift")
        #expect(try snippet.stream("cheap") == """
                /// A list of `Card`: `cards` where `cost < 1.0`.
                ///
                /// Emits its latest value once its input has been quiet for 2 s (on `scheduler`).
                public func cheap() -> AnyPublisher<[Card], any Error> {
                    cards()
                        .filterRows { card in Match.less(card.cost, 1.0) }
                        .debounced(milliseconds: 2000, scheduler: scheduler)
                }
            """)
        #expect(try snippet.stream("cards").hasPrefix("""
                /// Every card.
                ///
                /// Emits its latest value once its input has been quiet for 300 ms (on `scheduler`).
            """))
        #expect(try snippet.stream("cards").hasSuffix("            onDecodeFailure: onDecodeFailure\n        )\n        .debounced(milliseconds: 300, scheduler: scheduler)\n    }"))
        #expect(try snippet.read("cheap").hasSuffix("try await fetchCards()\n            .filter { card in Match.less(card.cost, 1.0) }\n    }"))
    }
}
