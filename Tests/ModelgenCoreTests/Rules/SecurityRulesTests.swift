import Testing
@testable import ModelgenCore

/// What `modelgen rules` writes for each part of a schema. That Firestore's rules engine reads
/// the rules and decides as the schema says is proven on its emulator (RulesEmulatorTests).
@Suite struct FirestoreRulesTests {
    static let schema = """
        model: Board
        types:
          Status: [open, done]
          Cover:
            url: string
            width: { type: int, default: 0 }
            alt: string?
        collections:
          Team:
            path: teams
            fields: { name: string }
            access: { read: public, create: signedIn, update: owner(id), delete: never }
          Task:
            path: teams/{teamId}/tasks
            fields:
              teamId: string
              title: { type: string, minLength: 1, maxLength: 80 }
              "in": { type: int, key: "in", min: 0, max: 10 }
              odd: { type: double?, key: "it's odd" }
              status: { type: Status, default: open }
              cover: Cover?
              assignee: reference<Member>?
              createdAt: { type: timestamp?, serverTimestamp: create }
              editedAt: { type: timestamp?, serverTimestamp: update }
              ownerUid: string
            access:
              read: owner(teamId)
              write: owner(ownerUid)
          Member:
            path: teams/{teamId}/members
            fields: { name: string }
            access: { read: { rule: "request.auth.token.admin == true" }, write: never }
        streams:
          tasks: { from: Task }
        """

    static func rules(_ yaml: String = schema) throws -> String {
        try SecurityRules([Schemas.model(yaml)]).fileText
    }

    /// The text with each line's indentation taken off, to find a block wherever it is nested.
    static func flat(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }

    @Test func eachCollectionIsMatchedByItsPathWithTheDocumentIdAsId() throws {
        let text = try Self.rules()
        #expect(text.contains("match /teams/{id} {"))
        #expect(text.contains("match /teams/{teamId}/tasks/{id} {"))
    }

    @Test func accessConditionsBecomeAllowsNamingTheirSchemaLine() throws {
        let text = try Self.rules()
        #expect(text.contains("allow read: if true;  // test.yaml:12"))
        #expect(text.contains("allow create: if signedIn() && validCreate(request.resource.data);  // test.yaml:12"))
        // An update may also replace the document with one a create could write.
        #expect(text.contains("allow update: if signedIn() && request.auth.uid == id && (validUpdate(request.resource.data, resource.data) || validCreate(request.resource.data));"))
        #expect(text.contains("allow delete: if false;  // test.yaml:12"))
        #expect(text.contains("allow read: if signedIn() && request.auth.uid == teamId;  // test.yaml:27"))
        // An owner is checked on the stored document and on the written one.
        #expect(text.contains("allow update: if signedIn() && resource.data.ownerUid == request.auth.uid && request.resource.data.ownerUid == request.auth.uid && (validUpdate("))
        #expect(text.contains("allow create: if signedIn() && request.resource.data.ownerUid == request.auth.uid && validCreate("))
        // A document that is not there has no owner: anyone signed in may delete it (a no-op).
        #expect(text.contains("allow delete: if signedIn() && (resource == null || resource.data.ownerUid == request.auth.uid);  // test.yaml:28"))
        #expect(text.contains("allow read: if (request.auth.token.admin == true);"))
    }

    @Test func aCreateHoldsOnlyTheFieldsAndEveryFieldWithoutDefault() throws {
        let text = try Self.rules()
        #expect(text.contains("return data.keys().hasOnly(['teamId', 'title', 'in', 'it\\'s odd', 'status', 'cover', 'assignee', 'createdAt', 'editedAt', 'ownerUid'])"))
        #expect(text.contains("&& data.keys().hasAll(['teamId', 'title', 'in', 'ownerUid'])"))
    }

    @Test func anUpdateNeverChangesTheCreationTimeAndSetsTheEditTime() throws {
        let text = try Self.rules()
        #expect(text.contains("return data.diff(before).affectedKeys().hasOnly(['teamId', 'title', 'in', 'it\\'s odd', 'status', 'cover', 'assignee', 'editedAt', 'ownerUid'])"))
        #expect(text.contains("&& data.editedAt == request.time"))
    }

    @Test func fieldsAreCheckedWhenPresentByTypeAndConstraints() throws {
        let text = try Self.rules()
        #expect(text.contains("(!('teamId' in keys) || data.teamId == teamId)"))
        #expect(text.contains("(!('title' in keys) || data.title is string && data.title.size() >= 1 && data.title.size() <= 80)"))
        #expect(text.contains("(!('in' in keys) || exactInt(data['in']) && data['in'] >= 0 && data['in'] <= 10)"))
        #expect(text.contains("(!('it\\'s odd' in keys) || data.get('it\\'s odd', null) == null || data['it\\'s odd'] is number)"))
        #expect(text.contains("(!('status' in keys) || data.status in ['open', 'done'])"))
        #expect(text.contains("(!('cover' in keys) || data.get('cover', null) == null || isCover(data.cover))"))
        #expect(text.contains("(!('assignee' in keys) || data.get('assignee', null) == null || isMemberReference(data.assignee))"))
        #expect(text.contains("(!('createdAt' in keys) || data.createdAt == request.time)"))
    }

    @Test func anEmbeddedTypeIsAMapOfItsKeysEachOfItsType() throws {
        let text = Self.flat(try Self.rules())
        #expect(text.contains(Self.flat("""
              function isCover(value) {
                return value is map
                  && value.keys().hasOnly(['url', 'width', 'alt'])
                  && value.url is string
                  && (!('width' in value) || exactInt(value.width))
                  && (value.get('alt', null) == null || value.alt is string);
              }
            """)))
    }

    /// The rules language has no loop: a list with a small `maxItems` has its elements checked
    /// by index; a longer or unbounded list's elements and a map's values are not checked.
    @Test func aShortListsElementsAreCheckedOneByOne() throws {
        let text = Self.flat(try Self.rules("""
            model: Lists
            collections:
              Post:
                path: posts
                fields:
                  tags: { type: "[string?]", maxItems: 2, default: [] }
                  covers: { type: "[Cover]", maxItems: 21 }
                  words: "[string]"
                  scores: "map<int>"
            types:
              Cover: { url: string }
            """))
        #expect(text.contains("(!('tags' in keys) || data.tags is list && data.tags.size() <= 2 && validTagsElements(data.tags))"))
        #expect(text.contains(Self.flat("""
            // Each element of `tags`, one by one: the rules language has no loop.
            function validTagsElements(list) {
              return (list.size() <= 0 || list[0] == null || list[0] is string)
                && (list.size() <= 1 || list[1] == null || list[1] is string);
            }
            """)))
        #expect(text.contains("(!('covers' in keys) || data.covers is list && data.covers.size() <= 21)"))
        #expect(text.contains("(!('words' in keys) || data.words is list)"))
        #expect(text.contains("(!('scores' in keys) || data.scores is map)"))
        #expect(!text.contains("validCoversElements") && !text.contains("isCover"))
    }

    /// `member(Collection)` looks for the user's document (its id their uid) by the path of the
    /// guarded document: its path parameters by position, its own id where the members' parent is
    /// the document itself; a top-level collection of members serves a collection group too.
    @Test func aMemberHasADocumentInTheCollectionNamed() throws {
        let text = try Self.rules("""
            model: Rooms
            collections:
              Room:
                path: chatrooms
                fields: { name: string }
                access: { read: member(Member), write: member(Admin) }
              Message:
                path: chatrooms/{chatId}/messages
                fields: { text: string }
                access: { read: member(Member), write: never }
              Member:
                path: chatrooms/{roomId}/members
                fields: { name: string }
                access: { read: signedIn, write: never }
              Admin:
                path: admins
                fields: { name: string }
                access: { read: never, write: never }
            streams:
              messages: { from: Message }
            """)
        #expect(text.contains("allow read: if signedIn() && exists(/databases/$(database)/documents/chatrooms/$(id)/members/$(request.auth.uid));"))
        #expect(text.contains("allow read: if signedIn() && exists(/databases/$(database)/documents/chatrooms/$(chatId)/members/$(request.auth.uid));"))
        #expect(text.contains("allow delete: if signedIn() && exists(/databases/$(database)/documents/admins/$(request.auth.uid));"))
        let group = """
            collections:
              Message:
                path: chatrooms/{chatId}/messages
                fields: { text: string }
                access: { read: member(Admin), write: never }
              Admin:
                path: admins
                fields: { name: string }
                access: { read: never, write: never }
            streams:
              everyMessage: { from: Message, group: true }
            """
        // Under every parent at once, only a top-level collection of members can be found.
        let nested = group.replacingOccurrences(of: "member(Admin)", with: "member(Member)")
            .replacingOccurrences(of: "  Admin:\n    path: admins", with: "  Member:\n    path: chatrooms/{roomId}/members")
        #expect(nested.contains("path: chatrooms/{roomId}/members"))
        let error = #expect(throws: DiagnosticsError.self) { try Self.rules("model: Groups\n" + nested) }
        #expect(error?.description.contains("collection 'Message' is read by member(Member)") == true, "\(String(describing: error))")
        #expect(try Self.rules("model: Groups\n" + group).contains("match /{path=**}/messages/{id} {\n      allow read: if signedIn() && exists(/databases/$(database)/documents/admins/$(request.auth.uid));"))
    }

    /// Members who may add themselves are no check at all: `member(…)` of such a collection warns.
    @Test func aMemberCollectionAnyoneMayJoinIsWarnedOf() throws {
        let schema = """
            model: Rooms
            collections:
              Message:
                path: chatrooms/{roomId}/messages
                fields: { text: string }
                access: { read: member(Member), write: never }
              Member:
                path: chatrooms/{roomId}/members
                fields: { name: string }
                access: { read: signedIn, create: owner(id), update: never, delete: never }
            streams:
              messages: { from: Message }
            """
        let warnings = { (text: String) throws in
            try SchemaValidator().validateWithWarnings(try Schemas.syntax(text), baseName: "test").warnings.map(\.description)
        }
        #expect(try warnings(schema) == [
            "test.yaml:6:21: warning: member(Member): a user may create their own document in Member (create: owner(id)), so anyone signed in can make themselves a member; let trusted code add members (create: never, as the Admin SDKs do) or decide with a { rule: … }",
        ])
        #expect(try warnings(schema.replacingOccurrences(of: "create: owner(id)", with: "create: never")) == [])
    }

    @Test func aReferenceNamesADocumentOfItsCollectionInThisDatabase() throws {
        let text = try Self.rules()
        #expect(text.contains("&& value == /databases/$(database)/documents/teams/$(value[4])/members/$(value[6]);"))
    }

    @Test func aCollectionGroupIsReadUnderAnyParentAsItsCollectionIs() throws {
        let text = try Self.rules(Self.schema.replacingOccurrences(of: "read: owner(teamId)", with: "read: owner(ownerUid)")
            .replacingOccurrences(of: "tasks: { from: Task }", with: "tasks: { from: Task, group: true }"))
        #expect(Self.flat(text).contains(Self.flat("""
                match /{path=**}/tasks/{id} {
                  allow read: if signedIn() && (resource == null || resource.data.ownerUid == request.auth.uid);  // test.yaml:27
                }
            """)))
    }

    /// `match /{path=**}/tasks/{id}` covers every collection called tasks.
    @Test func aCollectionSharingAGroupsIdMustBeReadAsTheGroupIs() throws {
        let schema = Self.schema.replacingOccurrences(of: "read: owner(teamId)", with: "read: owner(ownerUid)")
            .replacingOccurrences(of: "tasks: { from: Task }", with: "tasks: { from: Task, group: true }")
        let other = try Schemas.model("model: B\ncollections:\n  Todo: { path: 'users/{uid}/tasks', fields: { text: string }, access: { read: owner(uid), write: owner(uid) } }\n", file: "b.yaml")
        do {
            _ = try SecurityRules([Schemas.model(schema), other])
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("b.yaml:3:3: error: collection 'Todo' at 'users/{uid}/tasks' has the collection id of 'Task', which a 'group' stream of test.yaml reads: the group's rules let its readers read 'Todo' too; give both the same 'read' access"), "\(error)")
        }
    }

    @Test func aPathParameterNamedLikeAWordOfTheRulesLanguageIsRenamed() throws {
        let text = try Self.rules("model: A\ncollections:\n  Note: { path: 'rooms/{match}/notes', fields: { match: string }, access: { read: owner(match), write: never } }\n")
        #expect(text.contains("match /rooms/{matchParameter}/notes/{id} {"))
        #expect(text.contains("allow read: if signedIn() && request.auth.uid == matchParameter;"))
    }

    @Test func aCollectionWithoutAccessLetsSignedInUsersInLoudly() throws {
        let rules = try SecurityRules([Schemas.model("model: A\ncollections:\n  Note: { path: notes, fields: { text: string } }\n")])
        #expect(rules.warnings.map(\.description) == ["test.yaml:3:3: warning: collection 'Note' declares no 'access': its rules let any signed-in user read and write it"])
        #expect(rules.fileText.contains("// WARNING: no `access` is declared for Note (test.yaml:3):"))
        #expect(rules.fileText.contains("allow delete: if signedIn();  // test.yaml:3, no access declared"))
    }

    @Test func twoModelsMayNotBothHaveACollectionPath() throws {
        let one = try Schemas.model("model: A\ncollections:\n  Note: { path: 'rooms/{a}/notes', fields: { text: string } }\n", file: "a.yaml")
        let two = try Schemas.model("model: B\ncollections:\n  Memo: { path: 'rooms/{b}/notes', fields: { text: string } }\n", file: "b.yaml")
        #expect(throws: DiagnosticsError.self) { try SecurityRules([one, two]) }
        do {
            _ = try SecurityRules([one, two])
        } catch {
            #expect(error.description.hasSuffix("\nb.yaml:3:3: error: collection 'Memo' is at 'rooms/{b}/notes', where a.yaml:3 puts 'Note': a Firebase project's rules take one model of each collection"))
        }
    }

    @Test func typesOfOneNameInTwoModelsGetTheirModelsName() throws {
        let one = try Schemas.model("model: A\ntypes:\n  Tag: { label: string }\ncollections:\n  Note: { path: notes, fields: { tag: Tag } }\n", file: "a.yaml")
        let two = try Schemas.model("model: B\ntypes:\n  Tag: { label: string }\ncollections:\n  Memo: { path: memos, fields: { tag: Tag } }\n", file: "b.yaml")
        let text = try SecurityRules([one, two]).fileText
        #expect(text.contains("function isATag(value) {") && text.contains("function isBTag(value) {"))
        #expect(text.contains("isBTag(data.tag)"))
    }

    @Test func rulesStringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(RulesExpressions.string("it's a \\ \n\u{1}é") == "'it\\'s a \\\\ \\n\\u0001é'")
        #expect(RulesExpressions.member("a.b", of: "data") == "data['a.b']")
        #expect(RulesExpressions.member("is", of: "data") == "data['is']")
        #expect(RulesExpressions.member("_x1", of: "data") == "data._x1")
    }
}
