import Foundation
import Testing
@testable import ModelgenCore

/// Each of Firestore's rules for when a query needs a composite index, on its own (see
/// FirestoreIndexes for the rules and where Firestore documents them). Collection `A` is at
/// `as`, with `name: string`, `n: int`, `tags: [string]`, `note: string?`.
@Suite struct FirestoreIndexesTests {
    /// The indexes of one stream `s: { from: A, ... }`, as `field MODE` lines per index.
    static func indexes(_ stream: String) throws -> [[String]] {
        let model = try Schemas.model(Schemas.withStreams("  s: { from: A, \(stream) }"))
        return FirestoreIndexes([model]).indexes.map { index in
            #expect(index.collectionGroup == "as")
            return index.fields.map { "\($0.path) \($0.mode)" }
        }
    }

    @Test(arguments: [
        "orderBy: n desc",                                    // one order field: automatic
        "where: name == \"a\"",                               // one equality
        "where: name == \"a\" and n == 1",                    // equalities: index merging
        "where: 'n in [1, 2] and name == $x'",                  // `in` is an equality
        "where: tags contains \"a\"",                         // array-contains alone
        "where: tags contains \"a\" and name == \"b\"",       // array-contains with equalities: merging
        "where: n > 1",                                       // one inequality, ordered by it
        "where: n > 1, orderBy: n desc",                      // inequality on the order field
        "where: n >= 1 and n < 5",                            // two inequalities on one field
        "where: n == 1, orderBy: n",                          // equality on the one order field
        "where: 'n not in [1, 2]'",                           // `not in` alone, ordered by it
        "where: 'tags contains any [\"a\", \"b\"]'",          // array-contains-any alone
    ])
    func automaticIndexesServe(_ stream: String) throws {
        #expect(try Self.indexes(stream) == [])
    }

    @Test func anEqualityWithAnOrderOnAnotherField() throws {
        #expect(try Self.indexes("where: name == \"a\", orderBy: n desc") == [["name ASCENDING", "n DESCENDING"]])
    }

    @Test func anEqualityWithAnInequalityOnAnotherField() throws {
        // The inequality field orders the query (ascending without an orderBy).
        #expect(try Self.indexes("where: name == \"a\" and n > 1") == [["name ASCENDING", "n ASCENDING"]])
    }

    @Test func twoOrderFields() throws {
        #expect(try Self.indexes("orderBy: 'n desc, name'") == [["n DESCENDING", "name ASCENDING"]])
    }

    @Test func aLimitToLastQueryNeedsTheIndexOfItsOrderFlipped() throws {
        // The SDKs send a limitToLast query's order flipped (firebase-js-sdk core/query.ts, `_queryToTarget`).
        #expect(try Self.indexes("where: name == \"a\", orderBy: n desc, limitToLast: 5") == [["name ASCENDING", "n ASCENDING"]])
        #expect(try Self.indexes("orderBy: 'n desc, name', limitToLast: 5") == [["n ASCENDING", "name DESCENDING"]])
        // The inequality's field follows the last order field, flipped with it.
        #expect(try Self.indexes("where: name != \"a\", orderBy: n desc, limitToLast: 5") == [["n ASCENDING", "name ASCENDING"]])
    }

    @Test func anInequalityOnAFieldNotOrderedComesAfterTheOrderInItsDirection() throws {
        #expect(try Self.indexes("where: name != \"a\", orderBy: n desc") == [["n DESCENDING", "name DESCENDING"]])
    }

    @Test func inequalitiesOnTwoFieldsAreOrderedByPath() throws {
        #expect(try Self.indexes("where: note < \"z\" and n > 1") == [["n ASCENDING", "note ASCENDING"]])
    }

    @Test func arrayContainsWithAnOrder() throws {
        #expect(try Self.indexes("where: tags contains $tag, orderBy: n") == [["tags CONTAINS", "n ASCENDING"]])
        #expect(try Self.indexes("where: tags contains $tag and name == \"a\", orderBy: n") == [["name ASCENDING", "tags CONTAINS", "n ASCENDING"]])
    }

    @Test func notInIsAnInequality() throws {
        #expect(try Self.indexes("where: 'name not in [\"a\"]', orderBy: n desc") == [["n DESCENDING", "name DESCENDING"]])
        #expect(try Self.indexes("where: 'name == \"a\" and n not in [1]'") == [["name ASCENDING", "n ASCENDING"]])
    }

    @Test func arrayContainsAnyIsAnArrayContains() throws {
        #expect(try Self.indexes("where: tags contains any $tags, orderBy: n") == [["tags CONTAINS", "n ASCENDING"]])
    }

    @Test func anOrQueryNeedsAnIndexPerDisjunct() throws {
        let indexes = try Self.indexes("where: (name == \"a\" and note == \"b\") or n == 2 or name == \"c\", orderBy: n desc")
        #expect(indexes == [["name ASCENDING", "n DESCENDING", ], ["name ASCENDING", "note ASCENDING", "n DESCENDING"]])
    }

    @Test func streamsNeedingTheSameIndexShareIt() throws {
        let model = try Schemas.model(Schemas.withStreams("""
              s: { from: A, where: name == $a, orderBy: n }
              t: { from: A, where: name == "x", orderBy: n }
              u: { count: s }
            """))
        #expect(FirestoreIndexes([model]).indexes.count == 1)
    }

    @Test func keysThatAreNoIdentifiersAreQuotedAndTheGroupIsTheLastCollectionId() throws {
        let model = try Schemas.model("""
            model: X
            collections:
              Message:
                path: rooms/{roomId}/messages
                fields:
                  dotted: { type: string, key: "a.b" }
                  when: { type: int, key: "created at" }
            streams:
              s: { from: Message, where: dotted == "x", orderBy: when desc }
            """)
        let indexes = FirestoreIndexes([model])
        #expect(indexes.fileText == """
            {
              "indexes": [
                {
                  "collectionGroup": "messages",
                  "queryScope": "COLLECTION",
                  "fields": [
                    {
                      "fieldPath": "`a.b`",
                      "order": "ASCENDING"
                    },
                    {
                      "fieldPath": "`created at`",
                      "order": "DESCENDING"
                    }
                  ]
                }
              ],
              "fieldOverrides": []
            }

            """)
    }

    @Test func noIndexesIsAnEmptyList() {
        #expect(FirestoreIndexes([]).fileText == "{\n  \"indexes\": [],\n  \"fieldOverrides\": []\n}\n")
    }

    /// The example schemas and the torture schema, together, against the reviewed golden file.
    @Test func theExamplesMatchTheGolden() throws {
        let models = try ["chat", "shops", "torture"].map(Schemas.example)
        let golden = Schemas.packageRoot.appendingPathComponent("Tests/Goldens/firestore.indexes.json")
        let text = FirestoreIndexes(models).fileText
        if ProcessInfo.processInfo.environment["MODELGEN_RECORD_GOLDENS"] == "1" { try text.write(to: golden, atomically: true, encoding: .utf8) }
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)))
    }
}
