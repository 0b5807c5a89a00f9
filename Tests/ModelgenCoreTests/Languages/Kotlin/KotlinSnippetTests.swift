import Testing
@testable import ModelgenCore

/// Kotlin declarations and stream methods for each edge case, in full (see ``Snippet``).
@Suite struct KotlinSnippetTests {
    @Test func aCollectionWithoutFieldsDeclaresNoReaderAndEncodesAnEmptyMap() throws {
        #expect(try Snippet(SnippetSchemas.noFields, in: "kotlin").type("Marker") == """
            data class Marker(
                /** The document's id. */
                val id: String
            ) {
                /** Decodes and encodes [Marker] documents. */
                companion object : DocumentCodec<Marker> {
                    override fun decode(id: String, data: DocumentData): Marker {
                        return Marker(
                            id = id
                        )
                    }

                    override fun encode(value: Marker): DocumentData = emptyMap()
                }
            }
            """)
    }

    @Test func optionalFieldsDefaultToNullAndADoubleBringsContractEquality() throws {
        #expect(try Snippet(SnippetSchemas.optionalFields, in: "kotlin").type("Size") == """
            data class Size(
                val width: Long? = null,
                val height: Double? = null
            ) {
                /** Equality under the behaviour contract: NaN equals NaN and -0.0 equals 0.0. */
                override fun equals(other: Any?): Boolean =
                    other is Size
                        && Match.same(width, other.width)
                        && Match.same(height, other.height)

                override fun hashCode(): Int = Match.hash(listOf(width, height))

                /** Decodes and encodes [Size] values. */
                companion object : Codec<Size> {
                    override fun decode(value: DocumentValue): Size {
                        val fields = FieldReader.of(value)
                        return Size(
                            width = fields.optional("width", Codecs.long),
                            height = fields.optional("height", Codecs.double)
                        )
                    }

                    override fun encode(value: Size): DocumentValue = DocumentValue.MapValue(mapOf(
                        "width" to Codecs.optional(Codecs.long).encode(value.width),
                        "height" to Codecs.optional(Codecs.double).encode(value.height)
                    ))
                }
            }
            """)
    }

    @Test func hardKeywordsAreEscapedWithBackticksSoftOnesAreNot() throws {
        let snippet = try Snippet(SnippetSchemas.keywords, in: "kotlin")
        #expect(try snippet.type("Type") == """
            data class Type(
                /** The document's id. */
                val id: String,
                val default: String,
                val `in`: Long? = null
            ) {
                /** Decodes and encodes [Type] documents. */
                companion object : DocumentCodec<Type> {
                    override fun decode(id: String, data: DocumentData): Type {
                        val fields = FieldReader(data)
                        return Type(
                            id = id,
                            default = fields.required("default", Codecs.string),
                            `in` = fields.optional("in", Codecs.long)
                        )
                    }

                    override fun encode(value: Type): DocumentData = mapOf(
                        "default" to Codecs.string.encode(value.default),
                        "in" to Codecs.optional(Codecs.long).encode(value.`in`)
                    )
                }
            }
            """)
        #expect(try snippet.stream("delete") == """
                /** A list of `Type`: `types` where `default == $new`. */
                fun delete(new: String): Observable<List<Type>> =
                    types().filterRows { type -> Match.equal(type.default, new) }
            """)
        #expect(try snippet.read("delete") == """
                /** Reads `delete` once. */
                fun fetchDelete(new: String): Single<List<Type>> =
                    fetchTypes().filterRows { type -> Match.equal(type.default, new) }
            """)
    }

    @Test func aListOfAnEmbeddedTypeUsesItsCodec() throws {
        #expect(try Snippet(SnippetSchemas.listOfEmbedded, in: "kotlin").type("Post") == """
            data class Post(
                /** The document's id. */
                val id: String,
                val tags: List<Tag>
            ) {
                /** Decodes and encodes [Post] documents. */
                companion object : DocumentCodec<Post> {
                    override fun decode(id: String, data: DocumentData): Post {
                        val fields = FieldReader(data)
                        return Post(
                            id = id,
                            tags = fields.required("tags", Codecs.list(Tag))
                        )
                    }

                    override fun encode(value: Post): DocumentData = mapOf(
                        "tags" to Codecs.list(Tag).encode(value.tags)
                    )
                }
            }
            """)
    }

    @Test func aJoinOfAJoinKeysOnAFieldOfTheFirstRow() throws {
        let snippet = try Snippet(SnippetSchemas.joinOfJoin, in: "kotlin")
        #expect(try snippet.join("MessageWithOwnerWithRoom") == """
            /** A [MessageWithOwner] with its room. */
            data class MessageWithOwnerWithRoom(
                val messageWithOwner: MessageWithOwner,
                val room: Room
            )
            """)
        #expect(try snippet.stream("withRooms") == """
                /** A list of `MessageWithOwnerWithRoom`: `withOwners` joined with `rooms` on `message.roomId == id`, inner. */
                fun withRooms(): Observable<List<MessageWithOwnerWithRoom>> =
                    withOwners().innerJoin(
                        rooms(),
                        { it.message.roomId },
                        { it.id },
                        ::MessageWithOwnerWithRoom
                    )
            """)
        #expect(try snippet.read("withRooms") == """
                /** Reads `withRooms` once. */
                fun fetchWithRooms(): Single<List<MessageWithOwnerWithRoom>> =
                    JoinRows.inner(
                        fetchWithOwners(),
                        fetchRooms(),
                        { it.message.roomId },
                        { it.id },
                        ::MessageWithOwnerWithRoom
                    )
            """)
    }

    @Test func anOrInAStoreQueryListsItsTerms() throws {
        let snippet = try Snippet(SnippetSchemas.storeJunction, in: "kotlin")
        #expect(try snippet.stream("mine") == """
                /** A list of `Message`: `Message` where `ownerUid == $uid or roomId in ["r1", "r2"]`. */
                fun mine(uid: String): Observable<List<Message>> =
                    CollectionStream.observe(
                        store,
                        Queries.mine(uid),
                        Message,
                        scheduler,
                        onDecodeFailure
                    )
            """)
        #expect(snippet.queries() == """
            /** The streams' store queries, each read live and once. */
            private object Queries {
                fun mine(uid: String): StoreQuery =
                    StoreQuery(
                        collection = listOf("messages"),
                        filter = QueryFilter.Or(listOf(
                            QueryFilter.Compare(FieldPath.of("ownerUid"), QueryOperator.EQUAL, Codecs.string.encode(uid)),
                            QueryFilter.Compare(FieldPath.of("roomId"), QueryOperator.IN, DocumentValue.ArrayValue(listOf(DocumentValue.StringValue("r1"), DocumentValue.StringValue("r2"))))
                        ))
                    )
            }
            """)
    }
}

extension KotlinSnippetTests {
    @Test func cursorsBecomeBoundsAndARowSpellsOutTheWholeOrder() throws {
        let queries = try Snippet(SnippetSchemas.cursors, in: "kotlin").queries()
        #expect(queries.contains("""
                    orderBy = listOf(QueryOrder.ascending(FieldPath.of("place", "city")), QueryOrder.ascending(FieldPath.of("rating")), QueryOrder.ascending(FieldPath.documentID)),
                    limit = 10,
                    start = after?.let { shop -> QueryBound(listOf(Codecs.optional(Codecs.string).encode(shop.place?.city), Codecs.double.encode(shop.rating), Codecs.string.encode(shop.id)), inclusive = false) }
                )
        """), "\(queries)")
        #expect(queries.contains("""
                    orderBy = listOf(QueryOrder.descending(FieldPath.of("rating")), QueryOrder.ascending(FieldPath.of("name"))),
                    start = QueryBound(listOf(Codecs.double.encode(top), DocumentValue.StringValue("m")), inclusive = true),
                    end = QueryBound(listOf(DocumentValue.DoubleValue(1.5)), inclusive = false)
                )
        """), "\(queries)")
    }

    @Test func aStringEnumIsAnEnumClassWhoseCompanionIsItsCodec() throws {
        let snippet = try Snippet(SnippetSchemas.enums, in: "kotlin")
        #expect(try snippet.enumeration("Status") == """
            /** Where a card is. */
            enum class Status(override val value: String) : StringEnum {
                OPEN("open"),
                IN_PROGRESS("in-progress"),
                DONE("done");

                /** Decodes and encodes [Status] values. */
                companion object : Codec<Status> by Codecs.stringEnum(values())
            }
            """)
        #expect(try snippet.stream("active").contains("cards(skipped).filterRows { card -> Match.isIn(card.status, listOf(Status.OPEN, Status.IN_PROGRESS)) && Match.equal(card.flag, Flag.ON) }"))
        #expect(snippet.queries().contains("filter = QueryFilter.Compare(FieldPath.of(\"status\"), QueryOperator.NOT_EQUAL, Status.encode(skipped))"))
        #expect(try snippet.type("Card").contains("status = fields.withDefault(\"status\", Status, Status.OPEN),"))
    }

    @Test func aDistinctStreamKeysItsRowsThroughOptionalSteps() throws {
        let snippet = try Snippet(SnippetSchemas.distinct, in: "kotlin")
        let (perCity, perName) = (try snippet.stream("perCity"), try snippet.read("perName"))
        #expect(perCity.hasSuffix("cards().distinctRows { it.place?.city }"), "\(perCity)")
        #expect(perName.hasSuffix("fetchWithOwner().distinctRows { it.person?.name }"), "\(perName)")
    }

    @Test func aGroupedAggregateWrapsTheAggregateOfEachGroup() throws {
        let snippet = try Snippet(SnippetSchemas.grouped, in: "kotlin")
        let (live, read) = (try snippet.stream("perStage"), try snippet.read("costPerAssignee"))
        #expect(live.contains("(): Observable<List<Grouped<Stage, Long>>> =\n        CollectionStream.aggregate(\n            store,\n            Queries.cards(),\n            Card,\n            Aggregate.grouped<Card, Stage, Long>(Aggregate.count<Card>()) { it.stage },\n"), "\(live)")
        #expect(read.hasSuffix(".aggregateRows(Aggregate.grouped<Card, String, Double>(Aggregate.sumOfDoubles<Card> { it.cost }) { it.assignee?.id }) { card -> Match.equal(card.stage, Stage.TODO) }"), "\(read)")
    }

    @Test func aJoinOnAReferenceKeysTheRightRowsByTheirReference() throws {
        let join = try Snippet(SnippetSchemas.grouped, in: "kotlin").stream("withPerson")
        #expect(join.contains("cards().leftJoin(\n            people(),\n            { it.assignee },\n            { PersonReference(it.id) },\n"), "\(join)")
    }

    @Test func anAggregateIsKeptFromItsQueryOrComputedFromRows() throws {
        let snippet = try Snippet(SnippetSchemas.aggregates, in: "kotlin")
        let (live, read, rows) = (try snippet.stream("openPoints"), try snippet.read("openPoints"), try snippet.stream("distinctCosts"))
        #expect(live.contains("Observable<Long> =\n        CollectionStream.aggregate(\n            store,\n            Queries.cards(),\n            Card,\n            Aggregate.sumOfInts<Card> { it.size?.points },"), "\(live)")
        #expect(live.hasSuffix(") { card -> Match.equal(card.done, false) && Match.greater(card.cost, 1.0) }"), "\(live)")
        #expect(read.hasSuffix("fetchOpen()\n            .aggregateRows(Aggregate.sumOfInts<Card> { it.size?.points }) { card -> Match.greater(card.cost, 1.0) }"), "\(read)")
        #expect(rows.hasSuffix("perCost()\n            .aggregateRows(Aggregate.sumOfDoubles<Card> { it.cost })"), "\(rows)")
        #expect(try snippet.stream("averageCost").contains("Observable<Optional<Double>> ="))
        #expect(try snippet.stream("leastPoints").contains("Observable<Optional<Long>> =\n        CollectionStream.aggregate(\n            store,\n            Queries.cards(),\n            Card,\n            Aggregate.min<Card, Long> { it.size?.points },"))
    }

    @Test func aSortStreamOrdersRowsByKeyLambdas() throws {
        let snippet = try Snippet(SnippetSchemas.sort, in: "kotlin")
        let live = try snippet.stream("byOwner")
        #expect(live.contains("withOwner()\n            .sortRows(\n                listOf(\n                    RowOrder.ascending<CardWithPerson> { it.person?.name },\n                    RowOrder.descending<CardWithPerson> { it.card.rank }\n                ),\n                count.coerceIn(0L, Int.MAX_VALUE.toLong()).toInt()\n            )"), "\(live)")
        #expect(try snippet.read("byTitle").hasSuffix("fetchCards()\n            .sortRows(listOf(RowOrder.descending<Card> { it.title }))"))
        #expect(try snippet.stream("firstThree").hasSuffix("cards()\n            .sortRows(listOf(), 3)"))
    }

    @Test func aCombineStreamMakesItsRecordFromTheLatestValues() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "kotlin")
        let combiner = """
                        Function3 { boardValue: Optional<Board>, cards: List<Card>, averageCost: Optional<Double> ->
                            BoardSummary(boardValue.orElse(null), cards, averageCost.orElse(null))
                        }
            """
        #expect(try snippet.stream("summary") == """
                /** A `BoardSummary`: the latest of `board`, `cards`, `averageCost`. */
                fun summary(id: String, board: String): Observable<BoardSummary> =
                    Observable.combineLatest(
                        this.board(id),
                        cards(board),
                        averageCost(board),
            \(combiner)
                    )
            """)
        // A read's inputs are each materialized: every one is read before the first failure fails it.
        #expect(try snippet.read("summary").hasSuffix("""
                fun fetchSummary(id: String, board: String): Single<BoardSummary> =
                    Single.zip(
                        fetchBoard(id).toOptional().materialize(),
                        fetchCards(board).materialize(),
                        fetchAverageCost(board).materialize(),
                        Function3 { boardValue, cards, averageCost ->
                            BoardSummary(boardValue.valueOrThrow().orElse(null), cards.valueOrThrow(), averageCost.valueOrThrow().orElse(null))
                        }
                    )
            """))
        #expect(try snippet.record("summary") == """
            /** What `summary` emits: the latest value of each of its streams. */
            data class BoardSummary(
                val board: Board?,
                val cards: List<Card>,
                val averageCost: Double?
            ) {
                /** Equality under the behaviour contract: NaN equals NaN and -0.0 equals 0.0. */
                override fun equals(other: Any?): Boolean =
                    other is BoardSummary
                        && Match.same(board, other.board)
                        && Match.same(cards, other.cards)
                        && Match.same(averageCost, other.averageCost)

                override fun hashCode(): Int = Match.hash(listOf(board, cards, averageCost))
            }
            """)
    }

    @Test func aDebouncedStreamWaitsOnTheModelsScheduler() throws {
        let snippet = try Snippet(SnippetSchemas.debounce, in: "kotlin")
        #expect(try snippet.stream("cheap") == """
                /**
                 * A list of `Card`: `cards` where `cost < 1.0`.
                 *
                 * Emits its latest value once its input has been quiet for 2 s (on `scheduler`).
                 */
                fun cheap(): Observable<List<Card>> =
                    cards().filterRows { card -> Match.less(card.cost, 1.0) }
                        .debounced(2000, scheduler)
            """)
        #expect(try snippet.stream("cards").hasSuffix("            onDecodeFailure\n        ).debounced(300, scheduler)"))
    }
}
