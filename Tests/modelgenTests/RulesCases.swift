/// The cases of Tests/Rules/board.yaml's rules: who writes or reads what, and whether the
/// schema lets it through. Users: alice and bob (signed in), an admin (a token claim), no one
/// signed in. Writes are sent as the client SDKs send the typed writes: a create as a set with
/// `createdAt` and `editedAt` as the server's time, an update with a field mask and `editedAt` as the server's
/// time, a delete.
enum RulesCases {
    typealias Fields = [String: RestValue]

    struct Case: Sendable {
        var name: String
        var caller: RulesEmulator.Caller
        var action: Action
        var allowed: Bool
    }

    enum Action: Sendable {
        case write(RestWrite)
        case read(String)
        /// A query of a whole collection, by its path.
        case query(String)
    }

    static let alice = RulesEmulator.Caller.user("alice"), bob = RulesEmulator.Caller.user("bob")

    /// A task alice may create in team t1: every field without a default, `createdAt` aside.
    static func task(_ changes: Fields = [:], removing: [String] = []) -> Fields {
        var fields: Fields = ["teamId": .string("t1"), "title": .string("ab"), "points": .int(3), "ownerUid": .string("alice")]
        for key in removing { fields[key] = nil }
        return fields.merging(changes) { _, new in new }
    }

    static func create(_ name: String, _ fields: Fields, serverTime: [String] = ["createdAt", "editedAt"], as caller: RulesEmulator.Caller = alice, allowed: Bool) -> Case {
        Case(name: name, caller: caller, action: .write(.set("teams/t1/tasks/new", fields, serverTime: serverTime)), allowed: allowed)
    }

    static func update(_ name: String, _ fields: Fields, mask: [String]? = nil, editing: Bool = true, as caller: RulesEmulator.Caller = alice, allowed: Bool) -> Case {
        let write = RestWrite.update("teams/t1/tasks/old", fields, mask: mask ?? fields.keys.sorted(), serverTime: editing ? ["editedAt"] : [])
        return Case(name: name, caller: caller, action: .write(write), allowed: allowed)
    }

    /// Teams t1 and alice, and alice's task `old` in t1, stored before a schema change
    /// (`legacy`, a key the schema no longer has), written as the Admin SDKs write (past the rules).
    static let seeds: [RestWrite] = [
        .set("teams/t1", ["name": .string("one")]),
        .set("teams/alice", ["name": .string("al")]),
        .set("teams/alice/tasks/mine", task(["teamId": .string("alice")])),
        .set("teams/t1/tasks/old", task(["legacy": .int(1)])),
        .set("teams/t1/members/alice", ["name": .string("Alice")]),
        .set("teams/t1/notes/n1", ["text": .string("hi")]),
        .set("spaces/s1", ["title": .string("one")]),
        .set("spaces/s1/seats/alice", ["name": .string("Alice")]),
    ]

    static let cases: [Case] = teams + taskCreates + taskValues + taskUpdates + others + members

    static let teams: [Case] = [
        Case(name: "anyone reads a team (public)", caller: .signedOut, action: .read("teams/t1"), allowed: true),
        Case(name: "a signed-in user creates a team", caller: alice, action: .write(.set("teams/t2", ["name": .string("abc")])), allowed: true),
        Case(name: "no one signed out creates a team", caller: .signedOut, action: .write(.set("teams/t2", ["name": .string("abc")])), allowed: false),
        Case(name: "a name over maxLength 3", caller: alice, action: .write(.set("teams/t2", ["name": .string("abcd")])), allowed: false),
        Case(name: "a name under minLength 1", caller: alice, action: .write(.set("teams/t2", ["name": .string("")])), allowed: false),
        // Lengths count UTF-16 code units, as the rules' size() does: 😀 is two.
        Case(name: "'a😀' is 3 long", caller: alice, action: .write(.set("teams/t2", ["name": .string("a😀")])), allowed: true),
        Case(name: "'😀😀' is 4 long", caller: alice, action: .write(.set("teams/t2", ["name": .string("😀😀")])), allowed: false),
        Case(name: "a key the schema does not have", caller: alice, action: .write(.set("teams/t2", ["name": .string("a"), "x": .int(1)])), allowed: false),
        Case(name: "a team without its name", caller: alice, action: .write(.set("teams/t2", [:])), allowed: false),
        Case(name: "a name that is no string", caller: alice, action: .write(.set("teams/t2", ["name": .int(1)])), allowed: false),
        Case(name: "the user a team's id names updates it (owner(id))", caller: alice, action: .write(.update("teams/alice", ["name": .string("b")], mask: ["name"])), allowed: true),
        Case(name: "another user does not", caller: bob, action: .write(.update("teams/alice", ["name": .string("b")], mask: ["name"])), allowed: false),
        Case(name: "no one deletes a team (never)", caller: alice, action: .write(.delete("teams/alice")), allowed: false),
    ]

    static let taskCreates: [Case] = [
        create("a task with every field without a default", task(), allowed: true),
        create("every field", task([
            "ratio": .double(0.5), "status": .string("done"), "tags": .list([.string("a"), .string("b")]),
            "cover": .map(["url": .string("u"), "width": .int(2), "alt": .null]), "assignee": .reference("teams/t1/members/m1"),
            "due": .timestamp("2024-01-01T00:00:00Z"), "done": .bool(true), "scores": .map(["a": .int(1)]),
            "photo": .bytes("AAE="), "place": .geopoint(1, 2),
        ]), allowed: true),
        create("owned by someone else (owner(ownerUid) on the written document)", task(["ownerUid": .string("bob")]), allowed: false),
        create("by no one signed in", task(), as: .signedOut, allowed: false),
        create("teamId other than the path's {teamId}", task(["teamId": .string("t2")]), allowed: false),
        create("without title", task(removing: ["title"]), allowed: false),
        create("a key the schema does not have", task(["colour": .string("red")]), allowed: false),
        create("createdAt from the client's clock, not the server's", task(["createdAt": .timestamp("2024-01-01T00:00:00Z")]), serverTime: ["editedAt"], allowed: false),
        create("editedAt null, not the server's time", task(["editedAt": .null]), serverTime: ["createdAt"], allowed: false),
        create("without createdAt (a merge creates so)", task(), serverTime: ["editedAt"], allowed: true),
    ]

    static let taskValues: [Case] = [
        create("title at minLength 2", task(["title": .string("ab")]), allowed: true),
        create("title under minLength", task(["title": .string("a")]), allowed: false),
        create("title at maxLength 4", task(["title": .string("abcd")]), allowed: true),
        create("title over maxLength", task(["title": .string("abcde")]), allowed: false),
        create("'😀😀' is 4 long", task(["title": .string("😀😀")]), allowed: true),
        create("'😀😀a' is 5 long", task(["title": .string("😀😀a")]), allowed: false),
        create("points at max 10", task(["points": .int(10)]), allowed: true),
        create("points over max", task(["points": .int(11)]), allowed: false),
        create("points under min 0", task(["points": .int(-1)]), allowed: false),
        create("points stored as a double", task(["points": .double(2)]), allowed: false),
        create("points beyond 2^53 - 1 with no max", task(["points": .int(9_007_199_254_740_992)]), allowed: false),
        create("ratio null (optional)", task(["ratio": .null]), allowed: true),
        create("ratio under min 0.5", task(["ratio": .double(0.25)]), allowed: false),
        create("ratio stored as an int (a double field takes ints)", task(["ratio": .int(1)]), allowed: true),
        create("status not among the enum's values", task(["status": .string("closed")]), allowed: false),
        create("tags over maxItems 2", task(["tags": .list([.string("a"), .string("b"), .string("c")])]), allowed: false),
        create("tags not a list", task(["tags": .string("a")]), allowed: false),
        create("cover without its required url", task(["cover": .map(["width": .int(1)])]), allowed: false),
        create("cover with a key its type does not have", task(["cover": .map(["url": .string("u"), "x": .int(1)])]), allowed: false),
        create("cover's width a double", task(["cover": .map(["url": .string("u"), "width": .double(1.5)])]), allowed: false),
        create("cover null (optional)", task(["cover": .null]), allowed: true),
        create("assignee a reference into tasks, not members", task(["assignee": .reference("teams/t1/tasks/x")]), allowed: false),
        create("assignee a reference into a top-level collection", task(["assignee": .reference("members/m1")]), allowed: false),
        create("assignee a string path", task(["assignee": .string("teams/t1/members/m1")]), allowed: false),
        create("due a string", task(["due": .string("2024-01-01")]), allowed: false),
        create("done not a bool", task(["done": .string("yes")]), allowed: false),
        create("scores a list", task(["scores": .list([])]), allowed: false),
        create("photo a string", task(["photo": .string("AAE=")]), allowed: false),
        create("place a map", task(["place": .map(["latitude": .double(1), "longitude": .double(2)])]), allowed: false),
    ]

    static let taskUpdates: [Case] = [
        update("the owner changes the title (the stored legacy key aside)", ["title": .string("cd")], allowed: true),
        update("an update that does not set editedAt to the server's time", ["title": .string("cd")], editing: false, allowed: false),
        update("by another user", ["title": .string("cd")], as: bob, allowed: false),
        update("giving the task away (owner(ownerUid) on the written document)", ["ownerUid": .string("bob")], allowed: false),
        update("teamId (the path's value)", ["teamId": .string("t2")], allowed: false),
        update("createdAt (set by the server on create)", ["createdAt": .timestamp("2024-01-01T00:00:00Z")], allowed: false),
        update("a key the schema does not have", ["colour": .string("red")], allowed: false),
        update("deleting the title, which a task must have", [:], mask: ["title"], allowed: false),
        update("deleting ratio (optional)", [:], mask: ["ratio"], allowed: true),
        update("points over max", ["points": .int(11)], allowed: false),
        Case(name: "the owner deletes the task", caller: alice, action: .write(.delete("teams/t1/tasks/old")), allowed: true),
        Case(name: "a delete of a task that is not there (no owner to compare with)", caller: alice, action: .write(.delete("teams/t1/tasks/none")), allowed: true),
        Case(name: "a create with a given id over the owner's task replaces it (checked as an update)", caller: alice,
             action: .write(.set("teams/t1/tasks/old", task(["title": .string("cd")]), serverTime: ["createdAt", "editedAt"])), allowed: true),
        Case(name: "nor over another user's", caller: bob,
             action: .write(.set("teams/t1/tasks/old", task(["title": .string("cd"), "ownerUid": .string("bob")]), serverTime: ["createdAt", "editedAt"])), allowed: false),
        Case(name: "another user does not", caller: bob, action: .write(.delete("teams/t1/tasks/old")), allowed: false),
    ]

    static let others: [Case] = [
        Case(name: "the user {teamId} names reads its tasks (owner(teamId))", caller: alice, action: .read("teams/alice/tasks/mine"), allowed: true),
        Case(name: "another user does not", caller: bob, action: .read("teams/alice/tasks/mine"), allowed: false),
        Case(name: "nor does anyone of team t1", caller: alice, action: .read("teams/t1/tasks/old"), allowed: false),
        Case(name: "an admin reads a member (a rule)", caller: .user("carol", claims: ["admin": true]), action: .read("teams/t1/members/m1"), allowed: true),
        Case(name: "no one else does", caller: alice, action: .read("teams/t1/members/m1"), allowed: false),
        Case(name: "no one writes a member (never)", caller: .user("carol", claims: ["admin": true]), action: .write(.set("teams/t1/members/m1", ["name": .string("m")])), allowed: false),
    ]

    /// `member(Member)`: alice has a document in teams/t1/members, and one in spaces/s1/seats.
    static let members: [Case] = [
        Case(name: "a member of team t1 reads its notes (member(Member))", caller: alice, action: .read("teams/t1/notes/n1"), allowed: true),
        Case(name: "a user who is no member does not", caller: bob, action: .read("teams/t1/notes/n1"), allowed: false),
        Case(name: "nor does anyone signed out", caller: .signedOut, action: .read("teams/t1/notes/n1"), allowed: false),
        Case(name: "a member of t1 writes a note there", caller: alice, action: .write(.set("teams/t1/notes/n2", ["text": .string("x")])), allowed: true),
        Case(name: "but not in team t2, where she is no member", caller: alice, action: .write(.set("teams/t2/notes/n2", ["text": .string("x")])), allowed: false),
        Case(name: "a user who is no member writes no note", caller: bob, action: .write(.set("teams/t1/notes/n2", ["text": .string("x")])), allowed: false),
        Case(name: "a member writes only what a note holds", caller: alice, action: .write(.set("teams/t1/notes/n2", ["text": .int(1)])), allowed: false),
        Case(name: "the holder of a seat of space s1 reads the space (member(Seat), by the space's own id)", caller: alice, action: .read("spaces/s1"), allowed: true),
        Case(name: "a user without a seat does not", caller: bob, action: .read("spaces/s1"), allowed: false),
        Case(name: "nor does she read a space where she has no seat", caller: alice, action: .read("spaces/s2"), allowed: false),
        // Rules are not filters: a query is allowed only when the rule holds for every document it could return.
        Case(name: "a member of t1 queries its notes (the path names the team)", caller: alice, action: .query("teams/t1/notes"), allowed: true),
        Case(name: "a user who is no member does not", caller: bob, action: .query("teams/t1/notes"), allowed: false),
        Case(name: "nor does the holder of a seat query every space (each space's own id decides)", caller: alice, action: .query("spaces"), allowed: false),
    ]

    /// Runs every case on the seeds (written again after a write went through); each case that
    /// goes otherwise, described.
    static func run(on emulator: RulesEmulator) throws -> [String] {
        var failures: [String] = []
        var seeded = false
        for item in cases {
            if !seeded {
                try emulator.wipe()
                for seed in seeds { _ = try emulator.commit(seed, as: .admin) }
                seeded = true
            }
            let status = switch item.action {
            case let .write(write): try emulator.commit(write, as: item.caller)
            case let .read(path): try emulator.get(path, as: item.caller)
            case let .query(path): try emulator.query(path, as: item.caller)
            }
            let allowed = status == 200 || status == 404
            if case .write = item.action, allowed { seeded = false }
            if status != 403 && !allowed {
                failures.append("\(item.name): HTTP \(status)")
            } else if allowed != item.allowed {
                failures.append("\(item.name): \(allowed ? "allowed" : "refused"), expected \(item.allowed ? "allowed" : "refused")")
            }
        }
        return failures
    }
}
