import Testing
@testable import ModelgenCore

@Suite struct YAMLSchemaLoaderTests {
    @Test func readsEveryPartWithLocations() throws {
        let schema = try Schemas.syntax("""
        model: Chat
        doc: A chat.
        kotlin: { package: com.example.chat }
        types:
          Attachment: { url: string, width: int? }
          Size:
            doc: A size.
            fields: { w: int }
        collections:
          Message:
            path: "rooms/{roomId}/messages"
            fields:
              text: string
              tags: [string]
              likeCount: { type: int, key: like_count, default: 0, doc: Likes. }
            orderBy: [createdAt desc, text]
        streams:
          recent: { from: Message, where: likeCount >= 10, limit: 5 }
        """)
        #expect(schema.model == Located("Chat", at: SourceLocation(file: "test.yaml", line: 1, column: 8)))
        #expect(schema.doc == "A chat.")
        #expect(schema.settings["kotlin"]?["package"]?.value == "com.example.chat")
        #expect(schema.types.map(\.name.value) == ["Attachment", "Size"])
        #expect(schema.types[0].fields.map(\.type.value) == [.named("string"), .optional(.named("int"))])
        #expect(schema.types[1].doc == "A size.")
        let message = try #require(schema.collections.first)
        #expect(message.path.value == "rooms/{roomId}/messages")
        #expect(message.pathLocator.location(at: 6) == SourceLocation(file: "test.yaml", line: 11, column: 18))
        #expect(message.object.fields.map(\.name.value) == ["text", "tags", "likeCount"])
        #expect(message.object.fields[1].type.value == .array(.named("string")))
        let likes = message.object.fields[2]
        #expect(likes.key?.value == "like_count")
        #expect(likes.defaultValue?.value == .int(0))
        #expect(likes.doc == "Likes.")
        #expect(message.orderBy.map(\.path.value) == [["createdAt"], ["text"]])
        #expect(message.orderBy.map(\.path.location.column) == [15, 31])
        guard case let .from(collection, filter, orderBy, limit, _, _, _) = try #require(schema.streams.first).kind else {
            Issue.record("expected a from stream")
            return
        }
        #expect(collection.value == "Message")
        #expect(filter != nil)
        #expect(orderBy == nil)
        #expect(limit?.value == .count(5))
    }

    @Test func defaultsKeepTheirYAMLType() throws {
        let schema = try Schemas.syntax("""
        model: X
        types:
          T:
            a: { type: string, default: "10" }
            b: { type: double, default: 1.5 }
            c: { type: bool, default: true }
            d: { type: "[int]", default: [] }
            e: { type: "map<int>", default: {} }
            f: { type: string, default: hello }
        """)
        #expect(schema.types[0].fields.map(\.defaultValue?.value) == [
            .string("10"), .double(1.5), .bool(true), .emptyList, .emptyMap, .string("hello"),
        ])
    }

    func problems(_ yaml: String) -> [String] {
        do {
            let schema = try Schemas.syntax(yaml)
            return schema.problems.map(\.description)
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func yamlSyntaxErrorsHaveLineAndColumn() {
        #expect(problems("model: X\ntypes:\n  A: { a: string\n") == [
            "test.yaml:4:1: error: invalid YAML: did not find expected ',' or '}' (while parsing a flow mapping at line 3, column 6)",
        ])
        #expect(problems("model: X\n  bad: indent\n") == [
            "test.yaml:2:6: error: invalid YAML: mapping values are not allowed in this context",
        ])
    }

    @Test func duplicateKeysPointAtTheRepeat() {
        #expect(problems("model: X\ntypes:\n  A:\n    a: int\n    b: int\n    a: string\n") == [
            "test.yaml:6:5: error: duplicate key 'a'",
        ])
    }

    @Test func unknownKeysSuggestTheClosestKnownOne() {
        #expect(problems("model: X\ncolections: {}\n") == [
            "test.yaml:2:1: error: unknown key 'colections' in the schema; did you mean 'collections'?",
        ])
        #expect(problems("model: X\ntypes:\n  A:\n    a: { type: int, nullable: true }\n") == [
            "test.yaml:4:21: error: unknown key 'nullable' in field 'a'; expected 'type', 'key', 'default', 'doc', 'serverTimestamp', 'min', 'max', 'minLength', 'maxLength', 'minItems', 'maxItems' or 'values'",
        ])
        #expect(problems("model: X\nstreams:\n  s: { from: A, limt: 3 }\n") == [
            "test.yaml:3:17: error: unknown key 'limt' in from stream 's'; did you mean 'limit'?",
        ])
    }

    @Test func durationsAreWholeMillisecondsAboveZero() {
        #expect(["300ms", "2s", "1.5s", "0.001s", "1ms"].map(YAMLNodeReader.milliseconds) == [300, 2000, 1500, 1, 1])
        for text in ["0ms", "0.5ms", "-1s", "300", "1e3ms", "1.s", ".5s", "s", "ms", "1.2.3s", "1 s", "0.0001s", "9999999999s"] {
            #expect(YAMLNodeReader.milliseconds(text) == nil, "\(text)")
        }
    }

    @Test func shapesAndRequiredKeys() {
        #expect(problems("") == ["test.yaml:1:1: error: schema is empty; it needs at least 'model:'"])
        #expect(problems("- a\n") == ["test.yaml:1:1: error: a schema must be a mapping, found a list"])
        #expect(problems("types: {}\n") == ["test.yaml:1:1: error: schema is missing 'model: <Name>', the name of the generated model type"])
        #expect(problems("model: X\ncollections:\n  A: { fields: {} }\n") == [
            "test.yaml:3:3: error: collection 'A' is missing 'path', its Firestore collection path",
        ])
        #expect(problems("model: X\nstreams:\n  s: { limit: 3 }\n") == [
            "test.yaml:3:3: error: stream 's' needs one of 'document', 'from', 'filter', 'count', 'join', 'distinct', 'sort', 'sum', 'average', 'min', 'max' or 'combine'",
            "test.yaml:3:8: error: unknown key 'limit' in stream 's'; expected 'document', 'from', 'filter', 'count', 'join', 'distinct', 'sort', 'sum', 'average', 'min', 'max', 'combine' or 'doc'",
        ])
        #expect(problems("model: X\nstreams:\n  s: { from: A, filter: B, where: a == 1 }\n") == [
            "test.yaml:3:17: error: stream 's' is already a 'from' stream; it cannot also be 'filter'",
        ])
        #expect(problems("model: X\nstreams:\n  s: { join: a, with: b }\n") == [
            "test.yaml:3:3: error: join stream 's' is missing 'on' or 'as'",
        ])
        #expect(problems("model: X\nstreams:\n  s: { from: A, limit: 0 }\n") == [
            "test.yaml:3:24: error: 'limit' must be a whole number above zero or a $parameter, found '0'",
        ])
        #expect(problems("model: X\nstreams:\n  s: { from: A, limitToLast: $9 }\n") == [
            "test.yaml:3:30: error: 'limitToLast' must be a whole number above zero or a $parameter, found '$9'",
        ])
        #expect(problems("model: X\nstreams:\n  s: { from: A, limit: $pageSize }\n") == [], "a $parameter is a limit")
        #expect(problems("model: X\ntypes:\n  A: { a: [int, string] }\n") == [
            "test.yaml:3:11: error: an array type is written with one element type, like '[string]'",
        ])
        #expect(problems("model: X\ntypes:\n  A: { a: { type: int, default: [1] } }\n") == [
            "test.yaml:3:33: error: 'default' must be a single value, an empty list or an empty mapping, found a list",
        ])
    }

    @Test func predicateErrorsAreLocatedInsideTheirScalar() {
        #expect(problems("model: X\nstreams:\n  s: { filter: a, where: n = 1 }\n") == [
            "test.yaml:3:28: error: unexpected '='; '==' compares values",
        ])
        #expect(problems("model: X\nstreams:\n  s: { filter: a, where: \"n = 1\" }\n") == [
            "test.yaml:3:29: error: unexpected '='; '==' compares values",
        ])
    }

    @Test func recordsWhatItLeftOut() throws {
        let schema = try Schemas.syntax("model: X\ntypes:\n  A: { a: \"[int\", b: int }\nstreams:\n  s: { filter: t, where: \"(\" }\n")
        #expect(schema.skipped.fields == ["A": ["a"]] && schema.skipped.streams == ["s"] && schema.skipped.types.isEmpty)
        #expect(schema.types[0].fields.map(\.name.value) == ["b"])
    }
}
