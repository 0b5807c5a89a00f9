import Foundation
import ModelgenDocuments
import Testing

private let emulatorHost = ProcessInfo.processInfo.environment["MODELGEN_EMULATOR"]

/// `modelgen validate-data` on Firestore's emulator seeded (as the Admin SDKs write, past any
/// rules) with documents of schemas/shops.yaml, some that its model decodes and some that it
/// does not. Each expected line is worked from the schema and the decoders' contract
/// (Behaviour.md: the first field that fails, in the schema's order; ints read as doubles; an
/// int beyond ±(2^53 − 1) fails), not from what the command printed.
@Suite(.enabled(if: emulatorHost != nil, "needs Firestore's emulator: run under scripts/with-firestore-emulator"))
struct ValidateDataTests {
    typealias Fields = [String: RestValue]

    static let time = RestValue.timestamp("2026-01-02T03:04:05.123456Z")

    static func shop(_ fields: Fields) -> Fields {
        ["name": .string("Ramen"), "updated_at": time].merging(fields) { _, new in new }
    }

    static let seed: [(String, Fields)] = [
        ("shops/a-good", shop([:])),
        ("shops/b-rating", shop(["rating": .string("high")])),
        ("shops/c-noname", ["updated_at": time]),
        ("shops/d-image", shop(["food_images": .list([.map(["id": .string("f1"), "uploaded_user": .string("u1")]), .map(["id": .string("f2")])])])),
        ("shops/e-owner", shop(["owner": .reference("shops/x")])),
        ("shops/f-hours", shop(["opening_hours": .map(["mon": .string("9-17"), "tue": .int(9)])])),
        ("shops/g-null", shop(["name": .null])),
        ("shops/h-int-rating", shop(["rating": .int(4), "owner": .reference("users/u1"), "location": .geopoint(35.6, 139.7)])),
        ("users/u1", ["name": .string("Ann"), "user_rank": .string("gold"), "created_at": time]),
        ("users/u2", ["name": .string("Bo"), "user_rank": .string("platinum"), "created_at": time]),
        ("users/u3", ["name": .string("Cy"), "user_rank": .string("bronze"), "created_at": time, "available_point": .int(9_007_199_254_740_992)]),
        ("shops/a-good/reviews/r1", ["user_id": .string("u1"), "stars": .int(5), "created_at": .null]),
        ("shops/a-good/reviews/r2", ["user_id": .string("u1"), "stars": .double(4.5)]),
        // Collections named `reviews` elsewhere are not Review's: not read, not counted.
        ("other/x/reviews/r3", ["stars": .string("x")]),
        ("shops/a-good/reviews/r1/reviews/r4", ["stars": .string("x")]),
    ]

    static func seeded() throws -> RulesEmulator {
        let emulator = RulesEmulator(host: emulatorHost ?? "", project: "data-\(UUID().uuidString.prefix(8).lowercased())")
        for (path, fields) in seed {
            #expect(try emulator.commit(.set(path, fields), as: .admin) == 200, "seeding \(path)")
        }
        return emulator
    }

    @Test func itPrintsEachDocumentThatWouldNotDecodeAndFails() throws {
        let emulator = try Self.seeded()
        let result = try CLI.run(["validate-data", "schemas/shops.yaml", "--emulator", emulator.host, "--project", emulator.project])
        #expect(result.stdout == """
        shops/b-rating (Shop): 'rating' should be double but is string
        shops/c-noname (Shop): 'name' is missing
        shops/d-image (Shop): 'food_images.1.uploaded_user' is missing
        shops/e-owner (Shop): 'owner' should be a reference to users but is a reference to shops/x
        shops/f-hours (Shop): 'opening_hours.tue' should be string but is int
        shops/g-null (Shop): 'name' should be string but is null
        users/u2 (User): 'user_rank' should be one of 'bronze', 'silver', 'gold' but is 'platinum'
        users/u3 (User): 'available_point' is 9007199254740992, outside ±(2^53 − 1)
        shops/a-good/reviews/r2 (Review): 'stars' should be int but is double
        9 of 13 documents of 3 collections would not decode.

        """)
        #expect(result.status == 1, "\(result.stderr)")
    }

    @Test func aDatabaseWhoseDocumentsDecodePasses() throws {
        let emulator = try Self.seeded()
        for (path, _) in Self.seed where !["shops/a-good", "shops/h-int-rating", "users/u1", "shops/a-good/reviews/r1"].contains(path) {
            #expect(try emulator.commit(.delete(path), as: .admin) == 200)
        }
        let result = try CLI.run(["validate-data", "schemas/shops.yaml", "--emulator", emulator.host, "--project", emulator.project])
        #expect(result.stdout == "All 4 documents of 3 collections decode.\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func collectionsAreReadPageByPage() throws {
        let emulator = try Self.seeded()
        let endpoint = FirestoreEndpoint.emulator(emulator.host, project: emulator.project)
        let paths = try endpoint.documents(at: "shops", pageSize: 3).map { $0.path.joined(separator: "/") }
        #expect(paths == ["a-good", "b-rating", "c-noname", "d-image", "e-owner", "f-hours", "g-null", "h-int-rating"].map { "shops/" + $0 })
        let reviews = try endpoint.documents(at: "shops/{shopId}/reviews", pageSize: 1).map { $0.path.joined(separator: "/") }
        #expect(reviews == ["shops/a-good/reviews/r1", "shops/a-good/reviews/r2"])
    }

    @Test func anEndpointThatDoesNotAnswerIsAClearError() throws {
        let result = try CLI.run(["validate-data", "schemas/shops.yaml", "--emulator", "127.0.0.1:9", "--project", "p"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("modelgen: error: http://127.0.0.1:9/"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
