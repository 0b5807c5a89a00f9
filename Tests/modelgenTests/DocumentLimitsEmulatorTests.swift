import Foundation
import ModelgenRuntime
import Testing

/// The emulator the tests check against, `HOST:PORT`.
private let emulatorHost = ProcessInfo.processInfo.environment["MODELGEN_EMULATOR"]

/// The in-memory store's limits on a document's size, at and one past each bound, decided as
/// Firestore's emulator decides them: every write below is sent to both, and both take it or both
/// refuse it (the vector `document-limits.yaml` covers depth and field paths in every language;
/// a vector cannot hold a value of a mebibyte).
@Suite(.enabled(if: emulatorHost != nil, "needs Firestore's emulator: run under scripts/with-firestore-emulator"))
struct DocumentLimitsEmulatorTests {
    /// One document: its collection and id, and string fields (name, length).
    struct Case: CustomStringConvertible {
        var path: [String]
        var strings: [(name: String, length: Int)]
        var nested = false

        var description: String { "\(path.joined(separator: "/")) \(strings.map { "\($0.name): \($0.length)" })\(nested ? " in a map" : "")" }

        var data: DocumentData {
            let fields = Dictionary(uniqueKeysWithValues: strings.map { ($0.name, DocumentValue.string(String(repeating: "a", count: $0.length))) })
            return nested ? ["m": .map(fields)] : fields
        }

        var rest: [String: RestValue] {
            let fields = Dictionary(uniqueKeysWithValues: strings.map { ($0.name, RestValue.string(String(repeating: "a", count: $0.length))) })
            return nested ? ["m": .map(fields)] : fields
        }
    }

    static let cases: [Case] = [
        // A document: its name (each id's bytes and one, and 16), its fields' names and values, and 32.
        Case(path: ["c", "x"], strings: [("s", 524_259), ("t", 524_259)]),
        Case(path: ["c", "x"], strings: [("s", 524_259), ("t", 524_260)]),
        Case(path: ["coll", "docid12"], strings: [("s", 524_254), ("t", 524_255)]),
        Case(path: ["coll", "docid12"], strings: [("s", 524_255), ("t", 524_255)]),
        Case(path: ["c", "x"], strings: [("s", 524_258), ("t", 524_258)], nested: true),
        Case(path: ["c", "x"], strings: [("s", 524_258), ("t", 524_259)], nested: true),
        // A value: 1,048,487 bytes, in a map too.
        Case(path: ["c", "v"], strings: [("s", 1_048_487)]),
        Case(path: ["c", "v"], strings: [("s", 1_048_488)]),
        Case(path: ["c", "v"], strings: [("s", 1_048_488)], nested: true),
    ]

    /// Firestore takes a commit of any number of writes up to its API request size, 10 MiB in
    /// production ("Usage and limits"), which the store holds; the emulator refuses a commit over
    /// 4 MiB, gRPC's maximum message (HTTP 429, "gRPC message exceeds maximum size 4194304:
    /// 5000435" for five documents of 1,000,000 bytes). Both refuse eleven such documents and take
    /// four; between, the emulator refuses what production and the store take.
    @Test func bothRefuseACommitOverTenMebibytesAndTakeOneUnderFour() throws {
        let emulator = RulesEmulator(host: emulatorHost ?? "", project: "size-\(UUID().uuidString.prefix(8).lowercased())")
        for count in [11, 4] {
            let ids = (0..<count).map { "d\($0)" }
            let status = try emulator.commit(ids.map { RestWrite.set("c/\($0)", ["s": .string(String(repeating: "a", count: 1_000_000))]) }, as: .admin)
            var refusal: StoreError?
            do { try InMemoryStore().commit(ids.map { .set(["c", $0], ["s": .string(String(repeating: "a", count: 1_000_000))]) }) } catch { refusal = error as? StoreError }
            #expect((status == 200) == (count == 4), "\(count) documents: the emulator answered \(status)")
            #expect(refusal == (count == 4 ? nil : .requestTooLarge), "\(count) documents: the store \(refusal.map(String.init(describing:)) ?? "took them")")
        }
    }

    @Test func theStoreTakesWhatTheEmulatorTakes() throws {
        let emulator = RulesEmulator(host: emulatorHost ?? "", project: "limits-\(UUID().uuidString.prefix(8).lowercased())")
        for item in Self.cases {
            let status = try emulator.commit(.set(item.path.joined(separator: "/"), item.rest), as: .admin)
            #expect(status == 200 || status == 400, "\(item): HTTP \(status)")
            var refusal: StoreError?
            do { try InMemoryStore().commit([.set(item.path, item.data)]) } catch { refusal = error as? StoreError }
            #expect((refusal == nil) == (status == 200), "\(item): the emulator answered \(status), the store \(refusal.map(String.init(describing:)) ?? "took it")")
        }
    }
}
