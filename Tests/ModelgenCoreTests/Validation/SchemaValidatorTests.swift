import Testing
@testable import ModelgenCore

@Suite struct SchemaValidatorTests {
    @Test func unknownTypesSuggestAName() {
        #expect(Schemas.errors("model: X\ntypes:\n  Attachment: { url: string }\n  B: { a: Atachment, b: \"[strin]\" }\n") == [
            "test.yaml:4:11: error: unknown type 'Atachment'; did you mean 'Attachment'?",
            "test.yaml:4:25: error: unknown type 'strin'; did you mean 'string'?",
        ])
        #expect(Schemas.errors("model: X\ntypes:\n  B: { a: Nothing }\n") == [
            "test.yaml:3:11: error: unknown type 'Nothing'; use string, int, double, bool, timestamp, bytes, geopoint, reference<Collection>, or a type from 'types:'",
        ])
    }

    @Test func namesThatCollideAfterCaseConversion() {
        #expect(Schemas.errors("model: X\ntypes:\n  T:\n    user_id: string\n    userId: string\n") == [
            "test.yaml:5:5: error: field 'userId' of 'T' collides with field 'user_id': both become 'userId'",
        ])
        #expect(Schemas.errors("model: X\ntypes:\n  chat_room: { a: int }\n  ChatRoom: { a: int }\n") == [
            "test.yaml:4:3: error: type 'ChatRoom' is declared twice (both become 'ChatRoom'); the first is at line 3",
        ])
        #expect(Schemas.errors(Schemas.withStreams("  my_stream: { from: A }\n  myStream: { from: A }")) == [
            "test.yaml:13:3: error: stream 'myStream' is declared twice (both become 'myStream'); the first is at line 12",
        ])
    }

    @Test func unknownStreamsAndFields() {
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { filter: alll, where: nme == "x" }
          b: { count: nothing }
          c: { from: B }
          d: { document: Aa }
          e: { filter: all, where: nme == "x" }
          f: { from: A, orderBy: nam }
        """)) == [
            "test.yaml:12:16: error: unknown stream 'alll'; did you mean 'all'?",
            "test.yaml:13:15: error: unknown stream 'nothing'",
            "test.yaml:14:14: error: unknown collection 'B'",
            "test.yaml:15:18: error: unknown collection 'Aa'",
            "test.yaml:16:28: error: 'A' has no field 'nme'; did you mean 'name'?",
            "test.yaml:17:26: error: 'A' has no field 'nam'; did you mean 'name'?",
        ])
    }

    @Test func typeMismatchesInPredicates() {
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { filter: all, where: name == 3 }
          b: { filter: all, where: n >= "x" }
          c: { filter: all, where: n == 1.5 }
          d: { filter: all, where: tags > "x" }
          e: { filter: all, where: name contains "x" }
          f: { filter: all, where: name == null }
          g: { filter: all, where: note < null }
          h: { filter: all, where: name == n }
          i: { filter: all, where: 1 == 2 }
          j: { filter: all, where: 'n in [1, "2"]' }
          k: { filter: all, where: n == 9007199254740992 }
        """)) == [
            "test.yaml:12:36: error: cannot compare 'name' (string) with 3",
            "test.yaml:13:33: error: cannot compare 'n' (int) with \"x\"",
            "test.yaml:14:33: error: cannot compare 'n' (int) with 1.5",
            "test.yaml:15:33: error: '>' needs a string, number, bool, timestamp, bytes, reference, geopoint or enum field; 'tags' is [string]",
            "test.yaml:16:33: error: 'contains' needs a list field; 'name' is string",
            "test.yaml:17:36: error: 'name' is string, never null; make it optional ('string?') to compare it with null",
            "test.yaml:18:35: error: null has no order; use '== null' or '!= null'",
            "test.yaml:19:36: error: cannot compare 'name' (string) with 'n' (int)",
            "test.yaml:20:30: error: a comparison needs a field on one side; '==' here compares two values",
            "test.yaml:21:38: error: cannot compare 'n' (int) with \"2\"",
            "test.yaml:22:33: error: 9007199254740992 is outside the int range ±(2^53 − 1), which every language can hold exactly",
        ])
    }

    @Test func aParameterHasOneType() {
        #expect(Schemas.errors(Schemas.withStreams("  a: { filter: all, where: name == $p or n == $p }")) == [
            "test.yaml:12:47: error: parameter '$p' is compared with int here and with string at column 36; a parameter has one type",
        ])
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { filter: all, where: name == $p }
          b: { filter: all, where: n == $p }
          c: { join: a, with: b, on: name == id, as: other }
        """)) == [
            "test.yaml:14:23: error: parameter 'p' of stream 'c' is int here but string elsewhere; a parameter has one type",
        ])
    }

    @Test func cyclesBetweenStreams() {
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { filter: b, where: n > 1 }
          b: { filter: c, where: n > 2 }
          c: { filter: a, where: n > 3 }
          d: { count: d }
        """)) == [
            "test.yaml:14:16: error: streams form a cycle: a → b → c → a",
            "test.yaml:15:15: error: streams form a cycle: d → d",
        ])
    }

    @Test func storeQueriesFollowFirestoreRules() {
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { from: A, where: not n == 1 }
          b: { from: A, where: n == name }
        """)) == [
            "test.yaml:12:24: error: a store query cannot use 'not' (Firestore has no negation); use '!=', or a filter stream over this one",
            "test.yaml:13:29: error: a store query compares a field with a value or a $parameter, not with field 'name'; use a filter stream",
        ])
    }

    @Test func streamInputsMustBeLists() {
        #expect(Schemas.errors(Schemas.withStreams("""
          one: { document: A }
          total: { count: all }
          a: { filter: one, where: n > 1 }
          b: { count: total }
        """)) == [
            "test.yaml:14:16: error: stream 'one' emits a single document; 'a' needs a stream of rows (from, filter, join, distinct or sort)",
            "test.yaml:15:15: error: stream 'total' emits a count; 'b' needs a stream of rows (from, filter, join, distinct or sort)",
        ])
    }

    @Test func joinsNeedMatchingKeys() {
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { join: all, with: all, on: name == n, as: other }
          b: { join: all, with: all, on: name != id, as: other }
          c: { join: all, with: all, on: name == id, as: a }
        """)) == [
            "test.yaml:12:39: error: cannot join string 'name' with int 'n'; join keys are strings, numbers, bools, timestamps, string enums or references of one type, or a reference and the 'id' of the rows of the collection it refers to",
            "test.yaml:13:34: error: 'on' must be '<field of all> == <field of all>', like 'ownerUid == id'",
            "test.yaml:14:50: error: join alias 'a' is the name of the left row ('a'); choose another",
        ])
    }

    @Test func referencesKeyJoinsAndTheirPartsAreNamed() throws {
        let model = try Schemas.model("""
        model: X
        collections:
          User: { path: users, fields: { name: string } }
          Member: { path: "rooms/{roomId}/members", fields: { role: string } }
          Task: { path: tasks, fields: { assignee: reference<User>?, reviewer: reference<Member> } }
        streams:
          tasks: { from: Task }
          users: { from: User }
          members: { from: Member }
          owned: { join: tasks, with: users, on: assignee == id, as: owner }
          byId: { join: tasks, with: users, on: assignee.id == id, as: owner }
          inRoom: { filter: tasks, where: reviewer.roomId == $room }
          oneEach: { distinct: tasks, by: reviewer }
        """)
        let streams = ModelIndex(model)
        guard case let .join(owned) = streams.stream(named: "owned")?.kind, case let .join(byID) = streams.stream(named: "byId")?.kind else {
            Issue.record("not joins")
            return
        }
        #expect(owned.matchesReference && owned.leftKey.names == ["assignee"] && owned.rightKey.isDocumentID)
        #expect(!byID.matchesReference && byID.leftKey.names == ["assignee", "id"] && byID.leftKey.type == .optional(.string))
        #expect(streams.stream(named: "inRoom")?.parameters.map(\.name) == ["room"])
        guard case let .filter(filter) = streams.stream(named: "inRoom")?.kind, case let .comparison(comparison) = filter.predicate,
              case let .field(path) = comparison.left else {
            Issue.record("not a filter on a field")
            return
        }
        #expect(path.readsIntoReference && path.type == .string)
        guard case let .distinct(distinct) = streams.stream(named: "oneEach")?.kind else {
            Issue.record("not a distinct")
            return
        }
        #expect(distinct.key.type == .reference("Member"))
    }

    @Test func joinRowTypesMayBeSharedOnlyWhenEqual() throws {
        let model = try Schemas.model(Schemas.withStreams("""
          a: { join: all, with: all, on: name == id, as: other }
          b: { join: all, with: all, on: note == id, as: other }
        """))
        #expect(model.joins.map(\.name) == ["AWithOther"])
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { join: all, with: all, on: name == id, as: other }
          b: { join: all, with: all, on: name == id, as: other, inner: true }
          c: { join: all, with: all, on: name == id, as: other, inner: true, type: Pair2 }
        """)) == [
            "test.yaml:13:50: error: join row type 'AWithOther' is already defined with other fields (line 12); name this one with 'type:'",
        ])
    }

    @Test func pathsAndKeys() {
        #expect(Schemas.errors("model: X\ncollections:\n  A: { path: \"as/{aId}\" }\n  B: { path: \"as//b\" }\n  C: { path: \"as/{x}/b/{x}/c\" }\n  D: { path: \"as/x{y}/d\" }\n  E: { path: \"as/{id}/e\" }\n") == [
            "test.yaml:3:14: error: 'as/{aId}' is a document path; a collection path has an odd number of segments, like 'rooms' or 'rooms/{roomId}/messages'",
            "test.yaml:4:18: error: collection path 'as//b' has an empty segment; segments are names or '{parameters}'",
            "test.yaml:5:24: error: path parameter '{x}' appears twice in 'as/{x}/b/{x}/c'",
            "test.yaml:6:18: error: a path parameter is a whole segment written '{name}', found 'x{y}'",
            "test.yaml:7:18: error: path parameter '{id}' takes the name of the document's id, which the streams, writes and getters of the collection also take; rename it, like '{parentId}'",
        ])
        #expect(Schemas.errors("model: X\ncollections:\n  A:\n    path: as\n    fields:\n      id: string\n      a: { type: int, key: b }\n      b: int\n      c: { type: int, key: __name__ }\n") == [
            "test.yaml:6:7: error: 'id' is every document's id and is always present; it cannot be declared as a field",
            "test.yaml:8:7: error: fields 'a' and 'b' of 'A' are both stored under key 'b'",
            "test.yaml:9:28: error: storage key '__name__' is not allowed; Firestore reserves empty keys and keys like '__name__'",
        ])
    }

    @Test func defaultsMustFitTheirField() {
        #expect(Schemas.errors("model: X\ntypes:\n  T:\n    a: { type: int, default: x }\n    b: { type: int?, default: null }\n    c: { type: \"[int]\", default: {} }\n") == [
            "test.yaml:4:30: error: default value \"x\" does not fit field 'a' of type int",
            "test.yaml:5:31: error: 'default: null' is redundant: an optional field is already null when missing; a required one cannot be null",
            "test.yaml:6:34: error: default value {} does not fit field 'c' of type [int]",
        ])
    }

    @Test func typesThatContainThemselves() {
        #expect(Schemas.errors("model: X\ntypes:\n  Node: { next: Node? }\n  Tree: { children: \"[Tree]\" }\n") == [
            "test.yaml:3:3: error: type 'Node' contains itself; hold it in a list ('[Node]') or a map instead",
        ])
    }

    /// Every name a generated file may import is taken: RxJava's `Function9` (a combine of nine
    /// streams in Kotlin), the TypeScript runtime's `DocumentTransaction` (found by the random
    /// schemas' property test: a type so named did not compile).
    @Test func typesNamedLikeWhatTheGeneratedCodeImportsAreRefused() {
        #expect(Schemas.errors("model: X\ntypes:\n  Function9: { a: int }\n  BiFunction: { a: int }\n  DocumentTransaction: { a: int }\n") == [
            "test.yaml:3:3: error: type name 'Function9' is used by the generated code; choose another name",
            "test.yaml:4:3: error: type name 'BiFunction' is used by the generated code; choose another name",
            "test.yaml:5:3: error: type name 'DocumentTransaction' is used by the generated code; choose another name",
        ])
    }

    @Test func reservedAndInvalidNames() {
        #expect(Schemas.errors("model: X\ntypes:\n  Timestamp: { a: int }\n  XModel: { a: int }\n  \"a+b\": { a: int }\n") == [
            "test.yaml:3:3: error: type name 'Timestamp' is used by the generated code; choose another name",
            "test.yaml:4:3: error: type name 'XModel' is used by the generated code; choose another name",
            "test.yaml:5:3: error: invalid type name 'a+b'; use letters, digits, '_' and '-'",
        ])
        #expect(Schemas.errors(Schemas.withStreams("  store: { from: A }")) == [
            "test.yaml:12:3: error: stream name 'store' is a property of the generated model; choose another name",
        ])
        #expect(Schemas.errors("model: X\nkotlin: { package: com.9x }\n") == [
            "test.yaml:2:20: error: 'com.9x' is not a Kotlin package name; write dot-separated names like 'com.example.chat'",
        ])
    }

    @Test func loaderProblemsAndValidationProblemsAreReportedTogether() {
        #expect(Schemas.errors(Schemas.withStreams("""
          a: { filter: all, where: "n ==" }
          b: { filter: a, where: n > 1 }
          c: { filter: all, where: n == "x" }
        """)) == [
            "test.yaml:12:33: error: expected a field, a $parameter or a value, found the end of the predicate",
            "test.yaml:14:33: error: cannot compare 'n' (int) with \"x\"",
        ])
    }
}
