import Testing
@testable import ModelgenCore

/// TypeScript declarations and stream methods for each edge case, in full (see ``Snippet``).
@Suite struct TypeScriptSnippetTests {
    /// The codec reads no field, so its parameters are named with `_` (`--noUnusedParameters`).
    @Test func aCollectionWithoutFieldsNamesItsUnreadParametersWithAnUnderscore() throws {
        #expect(try Snippet(SnippetSchemas.noFields, in: "typescript").type("Marker") == """
            export interface Marker {
              /** The document's id. */
              readonly id: string;
            }

            /** Decodes and encodes {@link Marker} documents. */
            export const Marker: DocumentCodec<Marker> & {
              /** A document with the schema's defaults for the fields left out. */
              make(fields: Marker): Marker;
            } = {
              decode(id: string, _data: DocumentData): Marker {
                return {
                  id,
                };
              },
              encode(_value: Marker): DocumentData {
                return new Map<string, DocumentValue>();
              },
              make(fields) {
                return {
                  id: fields.id,
                };
              },
            };
            """)
    }

    @Test func optionalFieldsAreNullable() throws {
        #expect(try Snippet(SnippetSchemas.optionalFields, in: "typescript").type("Size") == """
            export interface Size {
              readonly width: number | null;
              readonly height: number | null;
            }

            /** Decodes and encodes {@link Size} values. */
            export const Size: Codec<Size> & {
              /** A value with the schema's defaults for the fields left out. */
              make(fields: Omit<Size, "width" | "height"> & Partial<Pick<Size, "width" | "height">>): Size;
            } = {
              decode(value: DocumentValue): Size {
                const fields = FieldReader.of(value);
                return {
                  width: fields.optional("width", Codecs.int),
                  height: fields.optional("height", Codecs.double),
                };
              },
              encode(value: Size): DocumentValue {
                return DocumentValue.map(new Map<string, DocumentValue>([
                  ["width", Codecs.optional(Codecs.int).encode(value.width)],
                  ["height", Codecs.optional(Codecs.double).encode(value.height)],
                ]));
              },
              make(fields) {
                return {
                  width: fields.width ?? null,
                  height: fields.height ?? null,
                };
              },
            };
            """)
    }

    /// Reserved words are properties as they are, and variables with a `_` after them.
    @Test func reservedWordsArePropertiesButNotVariables() throws {
        let snippet = try Snippet(SnippetSchemas.keywords, in: "typescript")
        #expect(try snippet.type("Type") == """
            export interface Type {
              /** The document's id. */
              readonly id: string;
              readonly default: string;
              readonly in: number | null;
            }

            /** Decodes and encodes {@link Type} documents. */
            export const Type: DocumentCodec<Type> & {
              /** A document with the schema's defaults for the fields left out. */
              make(fields: Omit<Type, "in"> & Partial<Pick<Type, "in">>): Type;
            } = {
              decode(id: string, data: DocumentData): Type {
                const fields = new FieldReader(data);
                return {
                  id,
                  default: fields.required("default", Codecs.string),
                  in: fields.optional("in", Codecs.int),
                };
              },
              encode(value: Type): DocumentData {
                return new Map<string, DocumentValue>([
                  ["default", Codecs.string.encode(value.default)],
                  ["in", Codecs.optional(Codecs.int).encode(value.in)],
                ]);
              },
              make(fields) {
                return {
                  id: fields.id,
                  default: fields.default,
                  in: fields.in ?? null,
                };
              },
            };
            """)
        #expect(try snippet.stream("delete") == """
              /** A list of `Type`: `types` where `default == $new`. */
              delete(new_: string): Observable<readonly Type[]> {
                return this.types().pipe(filterRows((type: Type) => Match.equal(type.default, new_)));
              }
            """)
        #expect(try snippet.read("delete") == """
              /** Reads `delete` once. */
              async fetchDelete(new_: string): Promise<readonly Type[]> {
                return (await this.fetchTypes()).filter((type: Type) => Match.equal(type.default, new_));
              }
            """)
    }

    @Test func aListOfAnEmbeddedTypeUsesItsCodec() throws {
        #expect(try Snippet(SnippetSchemas.listOfEmbedded, in: "typescript").type("Post") == """
            export interface Post {
              /** The document's id. */
              readonly id: string;
              readonly tags: readonly Tag[];
            }

            /** Decodes and encodes {@link Post} documents. */
            export const Post: DocumentCodec<Post> & {
              /** A document with the schema's defaults for the fields left out. */
              make(fields: Post): Post;
            } = {
              decode(id: string, data: DocumentData): Post {
                const fields = new FieldReader(data);
                return {
                  id,
                  tags: fields.required("tags", Codecs.list(Tag)),
                };
              },
              encode(value: Post): DocumentData {
                return new Map<string, DocumentValue>([
                  ["tags", Codecs.list(Tag).encode(value.tags)],
                ]);
              },
              make(fields) {
                return {
                  id: fields.id,
                  tags: fields.tags,
                };
              },
            };
            """)
    }

    @Test func aJoinOfAJoinKeysOnAFieldOfTheFirstRow() throws {
        let snippet = try Snippet(SnippetSchemas.joinOfJoin, in: "typescript")
        #expect(try snippet.join("MessageWithOwnerWithRoom") == """
            /** A {@link MessageWithOwner} with its room. */
            export interface MessageWithOwnerWithRoom {
              readonly messageWithOwner: MessageWithOwner;
              readonly room: Room;
            }
            """)
        #expect(try snippet.stream("withRooms") == """
              /** A list of `MessageWithOwnerWithRoom`: `withOwners` joined with `rooms` on `message.roomId == id`, inner. */
              withRooms(): Observable<readonly MessageWithOwnerWithRoom[]> {
                return this.withOwners().pipe(
                  innerJoin(
                    this.rooms(),
                    (messageWithOwner: MessageWithOwner) => messageWithOwner.message.roomId,
                    (room: Room) => room.id,
                    (messageWithOwner, room) => ({ messageWithOwner, room }),
                  ),
                );
              }
            """)
        #expect(try snippet.read("withRooms") == """
              /** Reads `withRooms` once. */
              async fetchWithRooms(): Promise<readonly MessageWithOwnerWithRoom[]> {
                return fetchInnerJoin(
                  this.fetchWithOwners(),
                  this.fetchRooms(),
                  (messageWithOwner: MessageWithOwner) => messageWithOwner.message.roomId,
                  (room: Room) => room.id,
                  (messageWithOwner, room) => ({ messageWithOwner, room }),
                );
              }
            """)
    }

    @Test func anOrInAStoreQueryListsItsTerms() throws {
        let snippet = try Snippet(SnippetSchemas.storeJunction, in: "typescript")
        #expect(try snippet.stream("mine") == """
              /** A list of `Message`: `Message` where `ownerUid == $uid or roomId in ["r1", "r2"]`. */
              mine(uid: string): Observable<readonly Message[]> {
                return collectionStream(
                  this.store,
                  queries.mine(uid),
                  Message,
                  this.scheduler,
                  this.onDecodeFailure,
                );
              }
            """)
        #expect(snippet.queries() == """
            /** The model's store queries, each read live and once. */
            const queries = {
              mine(uid: string): StoreQuery {
                return {
                  collection: ["messages"],
                  filter: QueryFilter.or(
                    QueryFilter.compare(["ownerUid"], "==", Codecs.string.encode(uid)),
                    QueryFilter.compare(["roomId"], "in", DocumentValue.array([DocumentValue.string("r1"), DocumentValue.string("r2")]))
                  ),
                };
              },
            };
            """)
    }
}

extension TypeScriptSnippetTests {
    @Test func cursorsBecomeBoundsAndARowSpellsOutTheWholeOrder() throws {
        let queries = try Snippet(SnippetSchemas.cursors, in: "typescript").queries()
        #expect(queries.contains("""
              orderBy: [QueryOrder.ascending(["place", "city"]), QueryOrder.ascending(["rating"]), QueryOrder.ascending(FieldPath.documentID)],
              limit: 10,
              start: after === null ? null : { values: [Codecs.optional(Codecs.string).encode(after.place?.city ?? null), Codecs.double.encode(after.rating), Codecs.string.encode(after.id)], inclusive: false },
            };
        """), "\(queries)")
        #expect(queries.contains("""
              orderBy: [QueryOrder.descending(["rating"]), QueryOrder.ascending(["name"])],
              start: { values: [Codecs.double.encode(top), DocumentValue.string("m")], inclusive: true },
              end: { values: [DocumentValue.double(1.5)], inclusive: false },
            };
        """), "\(queries)")
    }

    @Test func aStringEnumIsAUnionOfItsStringsBesideItsCodec() throws {
        let snippet = try Snippet(SnippetSchemas.enums, in: "typescript")
        #expect(try snippet.enumeration("Status") == """
            /** Where a card is. */
            export type Status = "open" | "in-progress" | "done";

            /** Decodes and encodes {@link Status} values, and lists them. */
            export const Status = Codecs.stringEnum<Status>(["open", "in-progress", "done"]);
            """)
        #expect(try snippet.stream("active").contains("filterRows((card: Card) => Match.isIn(card.status, [\"open\", \"in-progress\"]) && Match.equal(card.flag, \"on\"))"))
        #expect(snippet.queries().contains("filter: QueryFilter.compare([\"status\"], \"!=\", Status.encode(skipped)),"))
        #expect(try snippet.type("Card").contains("status: fields.withDefault(\"status\", Status, \"open\"),"))
    }

    @Test func aDistinctStreamKeysItsRowsThroughOptionalSteps() throws {
        let snippet = try Snippet(SnippetSchemas.distinct, in: "typescript")
        let (perCity, perName) = (try snippet.stream("perCity"), try snippet.read("perName"))
        #expect(perCity.contains("return this.cards().pipe(distinctRows((card: Card) => card.place?.city));"), "\(perCity)")
        #expect(perName.contains("return firstForEachKey(await this.fetchWithOwner(), (cardWithPerson: CardWithPerson) => cardWithPerson.person?.name);"), "\(perName)")
    }

    @Test func aGroupedAggregateWrapsTheAggregateOfEachGroup() throws {
        let snippet = try Snippet(SnippetSchemas.grouped, in: "typescript")
        let (live, read) = (try snippet.stream("perStage"), try snippet.read("costPerAssignee"))
        #expect(live.contains("(): Observable<readonly Grouped<Stage, number>[]> {\n    return aggregateStream(\n      this.store,\n      queries.cards(),\n      Card,\n      Aggregate.grouped<Card, Stage, number>((card: Card) => card.stage, Aggregate.count<Card>()),\n"), "\(live)")
        #expect(read.contains("Aggregate.grouped<Card, string, number>((card: Card) => card.assignee?.id, Aggregate.sumOfDoubles((card: Card) => card.cost)),\n      (card: Card) => Match.equal(card.stage, \"todo\"),\n"), "\(read)")
    }

    @Test func aJoinOnAReferenceKeysTheRightRowsByTheirReference() throws {
        let join = try Snippet(SnippetSchemas.grouped, in: "typescript").stream("withPerson")
        #expect(join.contains("(card: Card) => card.assignee,\n        (person: Person) => new PersonReference(person.id),\n"), "\(join)")
    }

    @Test func anAggregateIsKeptFromItsQueryOrComputedFromRows() throws {
        let snippet = try Snippet(SnippetSchemas.aggregates, in: "typescript")
        let (live, read, rows) = (try snippet.stream("openPoints"), try snippet.read("openPoints"), try snippet.stream("distinctCosts"))
        #expect(live.contains("Observable<number> {\n    return aggregateStream(\n      this.store,\n      queries.cards(),\n      Card,\n      Aggregate.sumOfInts((card: Card) => card.size?.points),"), "\(live)")
        #expect(live.contains("      (card: Card) => Match.equal(card.done, false) && Match.greater(card.cost, 1),\n    );"), "\(live)")
        #expect(read.contains("return aggregated(\n      await this.fetchOpen(),\n      Aggregate.sumOfInts((card: Card) => card.size?.points),\n      (card: Card) => Match.greater(card.cost, 1),\n    );"), "\(read)")
        #expect(rows.contains("return this.perCost().pipe(\n      aggregateRows(\n        Aggregate.sumOfDoubles((card: Card) => card.cost),\n      ),\n    );"), "\(rows)")
        #expect(try snippet.stream("averageCost").contains("Observable<number | null> {"))
        #expect(try snippet.stream("leastPoints").contains("Observable<number | null> {\n    return aggregateStream(\n      this.store,\n      queries.cards(),\n      Card,\n      Aggregate.min((card: Card) => card.size?.points),"))
    }

    @Test func aSortStreamOrdersRowsByKeyFunctions() throws {
        let snippet = try Snippet(SnippetSchemas.sort, in: "typescript")
        let live = try snippet.stream("byOwner")
        #expect(live.contains("return this.withOwner().pipe(\n      sortRows(\n        [\n          RowOrder.ascending((cardWithPerson: CardWithPerson) => cardWithPerson.person?.name),\n          RowOrder.descending((cardWithPerson: CardWithPerson) => cardWithPerson.card.rank),\n        ],\n        count,\n      ),\n    );"), "\(live)")
        #expect(try snippet.read("byTitle").contains("return sortedRows(\n      await this.fetchCards(),\n      [RowOrder.descending((card: Card) => card.title)],\n    );"))
    }

    @Test func aCombineStreamMakesItsRecordFromTheLatestValues() throws {
        let snippet = try Snippet(SnippetSchemas.combine, in: "typescript")
        #expect(try snippet.stream("summary") == """
              /** A `BoardSummary`: the latest of `board`, `cards`, `averageCost`. */
              summary(id: string, board: string): Observable<BoardSummary> {
                return combineLatest({
                  board: this.board(id),
                  cards: this.cards(board),
                  averageCost: this.averageCost(board),
                });
              }
            """)
        #expect(try snippet.read("summary").hasSuffix("""
              async fetchSummary(id: string, board: string): Promise<BoardSummary> {
                const [boardValue, cards, averageCost] = await Promise.all([
                  this.fetchBoard(id),
                  this.fetchCards(board),
                  this.fetchAverageCost(board),
                ]);
                return { board: boardValue, cards, averageCost };
              }
            """))
        #expect(try snippet.record("summary") == """
            /** What `summary` emits: the latest value of each of its streams. */
            export interface BoardSummary {
              readonly board: Board | null;
              readonly cards: readonly Card[];
              readonly averageCost: number | null;
            }
            """)
    }

    @Test func aDebouncedStreamWaitsOnTheModelsScheduler() throws {
        let snippet = try Snippet(SnippetSchemas.debounce, in: "typescript")
        #expect(try snippet.stream("cheap") == """
              /**
               * A list of `Card`: `cards` where `cost < 1.0`.
               *
               * Emits its latest value once its input has been quiet for 2 s (on `scheduler`).
               */
              cheap(): Observable<readonly Card[]> {
                return this.cards().pipe(filterRows((card: Card) => Match.less(card.cost, 1)), debounced(2000, this.scheduler));
              }
            """)
        #expect(try snippet.stream("cards").hasSuffix("      this.onDecodeFailure,\n    ).pipe(debounced(300, this.scheduler));\n  }"))
        // A join's pipe takes the debounce as one more operator.
        #expect(try snippet.stream("withOwners").hasSuffix("""
                    (card, owner) => ({ card, owner }),
                  ),
                  debounced(1000, this.scheduler),
                );
              }
            """))
    }
}
