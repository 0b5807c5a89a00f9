import Testing
@testable import ModelgenCore

/// The indexes of collection-group queries (`group: true`): a composite index with the
/// collection-group scope where a collection query would need one; otherwise a single-field
/// index with that scope of each field the query filters or orders by, which Firestore does not
/// keep by default ("Single-field indexes with collection group scope are not maintained by
/// default": firebase.google.com/docs/firestore/query-data/index-overview), as a field override.
/// Collection `B` is at `as/{aId}/bs`.
@Suite struct CollectionGroupIndexesTests {
    static func indexes(_ streams: String...) throws -> FirestoreIndexes {
        let schema = """
            model: X
            collections:
              B:
                path: as/{aId}/bs
                fields: { name: string, n: int, tags: "[string]" }
            streams:
            \(streams.enumerated().map { "  s\($0.offset): { from: B, group: true\($0.element.isEmpty ? "" : ", " + $0.element) }" }.joined(separator: "\n"))
            """
        return FirestoreIndexes([try Schemas.model(schema)])
    }

    static func overrides(_ indexes: FirestoreIndexes) -> [String] {
        indexes.fieldOverrides.map { "\($0.collectionGroup) \($0.path) \($0.groupModes.sorted().joined(separator: "+"))" }
    }

    @Test func aCompositeIndexHasTheCollectionGroupScope() throws {
        let indexes = try Self.indexes("where: name == \"a\", orderBy: n desc")
        #expect(indexes.indexes.map(\.queryScope) == ["COLLECTION_GROUP"])
        #expect(indexes.indexes.map { $0.fields.map { "\($0.path) \($0.mode)" } } == [["name ASCENDING", "n DESCENDING"]])
        #expect(indexes.fieldOverrides.isEmpty)
    }

    @Test func whatAutomaticIndexesServeInACollectionNeedsGroupScopedSingleFieldIndexes() throws {
        #expect(Self.overrides(try Self.indexes("where: name == \"a\"")) == ["bs name ASCENDING"])
        #expect(Self.overrides(try Self.indexes("orderBy: n desc")) == ["bs n DESCENDING"])
        #expect(Self.overrides(try Self.indexes("where: tags contains \"a\"")) == ["bs tags CONTAINS"])
        #expect(Self.overrides(try Self.indexes("where: name == \"a\" and n == 1")) == ["bs n ASCENDING", "bs name ASCENDING"])
        #expect(Self.overrides(try Self.indexes("where: n > 1")) == ["bs n ASCENDING"])
    }

    @Test func anInequalityTakesTheOrdersDirectionAndLimitToLastTheReverse() throws {
        // `n > 1` orders by `n` (descending here, as the order's last key): one index, not two.
        #expect(Self.overrides(try Self.indexes("where: n > 1, orderBy: n desc")) == ["bs n DESCENDING"])
        // The SDKs send a limitToLast query's order flipped (firebase-js-sdk core/query.ts, `_queryToTarget`).
        #expect(Self.overrides(try Self.indexes("orderBy: n, limitToLast: 5")) == ["bs n DESCENDING"])
        #expect(Self.overrides(try Self.indexes("where: name == $name, limitToLast: 5, orderBy: name desc")) == ["bs name ASCENDING"])
    }

    @Test func theStreamsOfOneFieldShareItsOverride() throws {
        #expect(Self.overrides(try Self.indexes("orderBy: n", "orderBy: n desc", "where: n == $n")) == ["bs n ASCENDING+DESCENDING"])
    }

    @Test func aGroupReadInDocumentOrderNeedsNoIndex() throws {
        let indexes = try Self.indexes("")
        #expect(indexes.indexes.isEmpty && indexes.fieldOverrides.isEmpty)
    }

    /// The override keeps the field's automatic collection-scope indexes, as the Firebase
    /// console writes an exemption, and adds the group's.
    @Test func anOverrideInTheFile() throws {
        #expect(try Self.indexes("orderBy: n desc").fileText == """
            {
              "indexes": [],
              "fieldOverrides": [
                {
                  "collectionGroup": "bs",
                  "fieldPath": "n",
                  "indexes": [
                    {
                      "order": "ASCENDING",
                      "queryScope": "COLLECTION"
                    },
                    {
                      "order": "DESCENDING",
                      "queryScope": "COLLECTION"
                    },
                    {
                      "arrayConfig": "CONTAINS",
                      "queryScope": "COLLECTION"
                    },
                    {
                      "order": "DESCENDING",
                      "queryScope": "COLLECTION_GROUP"
                    }
                  ]
                }
              ]
            }

            """)
    }
}
