import Foundation
import Testing
@testable import ModelgenCore

@Suite struct ModelTests {
    @Test func chatResolvesNamesKeysAndTypes() throws {
        let model = try Schemas.example("chat")
        #expect(model.typeName == "ChatModel")
        #expect(model.baseName == "chat")
        #expect(model.types.map(\.name) == ["Attachment"])
        #expect(model.collections.map(\.name) == ["Room", "Message", "Member"])
        let message = try #require(ModelIndex(model).collection(named: "Message"))
        #expect(message.path == [.literal("chatrooms"), .parameter("roomId"), .literal("messages")])
        #expect(message.allFields.map(\.name) == ["id", "text", "ownerUid", "createdAt", "attachments", "likeCount"])
        #expect(message.fields.map(\.key) == ["text", "ownerUid", "createdAt", "attachments", "like_count"])
        #expect(message.fields.map(\.type) == [.string, .string, .optional(.timestamp), .array(.object("Attachment")), .int])
        #expect(message.fields.last?.defaultValue == .int(0))
        #expect(message.orderBy.map(\.path.names) == [["createdAt"]])
        #expect(message.orderBy.map(\.descending) == [true])
    }

    @Test func streamParametersAreUnionedThroughDerivedStreams() throws {
        let model = try Schemas.example("chat")
        let parameters = Dictionary(uniqueKeysWithValues: model.streams.map { ($0.name, $0.parameters.map(\.name)) })
        #expect(parameters == [
            "room": ["id"], "messages": ["roomId"], "members": ["roomId"], "recent": ["roomId"], "latest": ["roomId"],
            "earlier": ["roomId", "oldest"], "myMessages": ["roomId", "uid"], "speakCount": ["roomId", "uid"], "lastWords": ["roomId"],
            "messagesWithOwners": ["roomId"], "messagesByOwnerName": ["roomId"], "roomScreen": ["id", "roomId"],
        ])
        #expect(ModelIndex(model).stream(named: "myMessages")?.parameters.last == Parameter(name: "uid", type: .string))
        #expect(ModelIndex(model).stream(named: "earlier")?.parameters.last == Parameter(name: "oldest", type: .optional(.object("Message"))))
        #expect(model.streams.map(\.output) == [
            .document(type: "Room"), .list(element: "Message"), .list(element: "Member"), .list(element: "Message"),
            .list(element: "Message"), .list(element: "Message"), .list(element: "Message"), .count, .list(element: "Message"),
            .list(element: "MessageWithOwner"), .list(element: "MessageWithOwner"), .record(type: "RoomScreen"),
        ])
    }

    @Test func storeQueriesUseStorageKeysAndTypedLiterals() throws {
        let model = try Schemas.example("chat")
        guard case let .query(query) = ModelIndex(model).stream(named: "recent")?.kind else {
            Issue.record("recent is not a query")
            return
        }
        #expect(query.limit == .count(50))
        guard case let .comparison(comparison) = query.filter, case let .field(path) = comparison.left else {
            Issue.record("expected a comparison")
            return
        }
        #expect(path.keys == ["like_count"])
        #expect(comparison.op == .greaterOrEqual)
        #expect(comparison.right == .literal(.int(10), .int))
        #expect(query.orderBy.map(\.path.keys) == [["createdAt"]])
    }

    @Test func joinsProduceRowTypes() throws {
        let model = try Schemas.example("chat")
        #expect(model.joins == [JoinType(
            name: "MessageWithOwner",
            left: Field(name: "message", key: "message", type: .object("Message"), defaultValue: nil, doc: nil),
            right: Field(name: "owner", key: "owner", type: .optional(.object("Member")), defaultValue: nil, doc: nil)
        )])
        guard case let .join(join) = ModelIndex(model).stream(named: "messagesWithOwners")?.kind else {
            Issue.record("not a join")
            return
        }
        #expect(join.leftKey.names == ["ownerUid"])
        #expect(join.rightKey.isDocumentID)
        #expect(!join.inner)
        let shops = try Schemas.example("shops")
        #expect(shops.joins.first?.right.type == .object("User"))
    }

    @Test func mixedNumbersAndFlippedComparisonsAreNormalized() throws {
        let model = try Schemas.model(Schemas.withStreams("""
          a: { filter: all, where: 3 < n and n != 2.0 }
          b: { from: A, where: 'note == null or tags contains $tag and n in [1, 2]' }
        """))
        guard case let .filter(filter) = ModelIndex(model).stream(named: "a")?.kind, case let .and(terms) = filter.predicate else {
            Issue.record("expected an and")
            return
        }
        let n = FieldPath(fields: [Field(name: "n", key: "n", type: .int, defaultValue: nil, doc: nil)])
        #expect(terms == [
            .comparison(Comparison(left: .field(n), op: .greater, right: .literal(.int(3), .int))),
            .comparison(Comparison(left: .field(n), op: .notEqual, right: .literal(.int(2), .int))),
        ])
        #expect(ModelIndex(model).stream(named: "b")?.parameters == [Parameter(name: "tag", type: .string)])
    }

    @Test func theIRRoundTripsThroughJSON() throws {
        let models = try Schemas.withGoldens.map(Schemas.example)
        #expect(try Model.models(fromJSON: Data(try Model.json(models).utf8)) == models)
    }

    @Test func theJSONSpellsTypesLiteralsAndPathsAsTheSchemaDoes() throws {
        let model = try Schemas.model("""
        model: Shop
        collections:
          Item:
            path: shops/{shopId}/items
            fields: { price: { type: double, default: 2 }, tags: { type: "[string]?" }, ratio: { type: "map<double>", default: {} } }
        streams:
          cheap: { from: Item, where: 'price < 3 and tags contains "sale"' }
        """)
        let json = try Model.json([model])
        #expect(json.contains(#""path" : "shops/{shopId}/items""#))
        #expect(json.contains(#""type" : "[string]?""#))
        #expect(json.contains(#""type" : "map<double>""#))
        #expect(json.contains(#""default" : {}"#))
        #expect(json.contains(#""op" : "contains""#))
        #expect(!json.contains("_0"))
        let decoded = try Model.models(fromJSON: Data(json.utf8))
        #expect(decoded == [model])
        #expect(decoded[0].collections[0].fields[0].defaultValue == .double(2), "a whole number read back as the double it was")
    }

    @Test func aDumpOfAnotherVersionIsRefused() throws {
        #expect(throws: DecodingError.self) {
            try Model.models(fromJSON: Data(#"{ "version": 6, "models": [] }"#.utf8))
        }
        #expect(try Model.models(fromJSON: Data(#"{ "version": 1, "models": [] }"#.utf8)) == [], "version 5 reads version 1")
        #expect(try Model.models(fromJSON: Data(#"{ "version": 2, "models": [] }"#.utf8)) == [], "and version 2")
        #expect(try Model.models(fromJSON: Data(#"{ "version": 3, "models": [] }"#.utf8)) == [], "and version 3")
        #expect(try Model.models(fromJSON: Data(#"{ "version": 4, "models": [] }"#.utf8)) == [], "and version 4")
    }
}
