import Foundation
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Firestore's limits on a stored document, at the numbers its emulator holds them (each bound
/// found there by bisection): the storage size as "Storage size calculations" computes it, a
/// value's size, the depth of maps and arrays, a field path's length.
@Suite struct DocumentLimitsTests {
    func commitError(_ writes: [DocumentWrite], store: InMemoryStore = InMemoryStore()) -> StoreError? {
        do {
            try store.commit(writes)
            return nil
        } catch {
            return error as? StoreError
        }
    }

    func string(_ count: Int) -> DocumentValue { .string(String(repeating: "a", count: count)) }

    /// c/x with s and t: name 2 + 2 + 16, fields (2 + a + 1) + (2 + b + 1), and 32 bytes.
    @Test func aDocumentIsAtMostOneMebibyte() {
        #expect(commitError([.set(["c", "x"], ["s": string(524_259), "t": string(524_259)])]) == nil)
        #expect(commitError([.set(["c", "x"], ["s": string(524_259), "t": string(524_260)])]) == .documentTooLarge(["c", "x"]))
        #expect(commitError([.set(["coll", "docid12"], ["s": string(524_254), "t": string(524_255)])]) == nil)
        #expect(commitError([.set(["coll", "docid12"], ["s": string(524_255), "t": string(524_255)])]) == .documentTooLarge(["coll", "docid12"]))
        // A map's size is its fields' (no 32 bytes of its own); an array's is its elements'.
        #expect(commitError([.set(["c", "x"], ["m": .map(["s": string(524_258), "t": string(524_258)])])]) == nil)
        #expect(commitError([.set(["c", "x"], ["m": .map(["s": string(524_258), "t": string(524_259)])])]) == .documentTooLarge(["c", "x"]))
        #expect(commitError([.set(["c", "x"], ["m": .array([string(524_260), string(524_260)])])]) == nil)
        #expect(commitError([.set(["c", "x"], ["m": .array([string(524_260), string(524_261)])])]) == .documentTooLarge(["c", "x"]))
        #expect(StoreError.documentTooLarge(["c", "x"]).description == "the document at 'c/x' would be larger than the 1,048,576 bytes Firestore stores")
    }

    /// Ten sets of c/dN with s of the largest value (21 + 2 + 1,048,488 bytes each), and a delete of
    /// c/zzz… (16 + 2 + the id and 1): with an id of 631, exactly Firestore's 10 MiB request.
    func largestRequest(idLength: Int) -> [DocumentWrite] {
        (0..<10).map { DocumentWrite.set(["c", "d\($0)"], ["s": string(1_048_487)]) } + [.delete(["c", String(repeating: "z", count: idLength)])]
    }

    /// A commit takes any number of writes up to Firestore's API request size, 10 MiB; past it the
    /// whole commit is refused before anything is written, a transaction's too. (The emulator
    /// refuses a commit over 4 MiB, gRPC's maximum message: DocumentLimitsEmulatorTests.)
    @Test func aCommitIsAtMostTenMebibytes() async throws {
        let store = InMemoryStore()
        #expect(commitError(largestRequest(idLength: 632), store: store) == .requestTooLarge)
        #expect(try store.getDocument(["c", "d0"]) == nil)
        #expect(commitError(largestRequest(idLength: 631), store: store) == nil)
        #expect(try store.getDocument(["c", "d9"]) != nil)
        // An update sends its field paths and values: 21 + 1 + 1,048,488 for each c/dN, then a
        // merge of c/e: 20 + 1 + the string and 1.
        let updates = (0..<10).map { DocumentWrite.update(["c", "d\($0)"], [["s"]: .value(string(1_048_487))]) }
        #expect(commitError(updates + [.merge(["c", "e"], [["t"]: .value(string(639))])], store: store) == .requestTooLarge)
        #expect(commitError(updates + [.merge(["c", "e"], [["t"]: .value(string(638))])], store: store) == nil)
        #expect(StoreError.requestTooLarge.description == "the commit is larger than the 10,485,760 bytes (10 MiB) Firestore takes in one request")
        let writes = largestRequest(idLength: 632)
        await #expect(throws: StoreError.requestTooLarge) {
            try await store.runTransaction(maxAttempts: 5) { transaction in
                for write in writes { transaction.write(write) }
            }
        }
    }

    /// An update is refused for the document it would leave, and the whole commit with it.
    @Test func anUpdateThatWouldMakeItTooLargeChangesNothing() throws {
        let store = InMemoryStore()
        try store.commit([.set(["c", "z"], ["s": string(1_048_400)])])
        #expect(commitError([.set(["c", "a"], ["n": 1]), .update(["c", "z"], [["t"]: .value(string(200))])], store: store) == .documentTooLarge(["c", "z"]))
        #expect(try store.getDocument(["c", "a"]) == nil)
    }

    @Test func aValueIsAtMost1048487Bytes() {
        #expect(commitError([.set(["c", "x"], ["s": string(1_048_487)])]) == nil)
        #expect(commitError([.set(["c", "x"], ["s": string(1_048_488)])]) == .valueTooLarge(["s"]))
        #expect(commitError([.set(["c", "x"], ["m": .map(["s": string(1_048_488)])])]) == .valueTooLarge(["m", "s"]))
        #expect(commitError([.set(["c", "x"], ["b": .bytes(Data(count: 1_048_488))])]) == .valueTooLarge(["b"]))
        #expect(commitError([.set(["c", "x"], ["b": .bytes(Data(count: 1_048_487))])]) == nil)
    }

    /// A map is a level even when empty; an array is one through its elements only.
    @Test func mapsAndArraysNestAtMostTwentyDeep() {
        func maps(_ count: Int, around value: DocumentValue) -> DocumentValue {
            (0..<count).reduce(value) { inner, _ in .map(["m": inner]) }
        }
        #expect(commitError([.set(["c", "x"], ["f": maps(20, around: 1)])]) == nil)
        #expect(commitError([.set(["c", "x"], ["f": maps(21, around: 1)])]) == .tooDeep(["f"]))
        #expect(commitError([.set(["c", "x"], ["f": maps(20, around: .map([:]))])]) == .tooDeep(["f"]))
        #expect(commitError([.set(["c", "x"], ["f": maps(20, around: .array([]))])]) == nil)
        #expect(commitError([.set(["c", "x"], ["f": maps(20, around: .array([1]))])]) == .tooDeep(["f"]))
        #expect(commitError([.set(["c", "x"], ["f": .array([maps(20, around: 1)])])]) == .tooDeep(["f"]))
        let alternating = (0..<10).reduce(DocumentValue.int(1)) { inner, _ in .array([.map(["m": inner])]) }
        #expect(commitError([.set(["c", "x"], ["f": alternating])]) == nil)
    }

    /// A field's path, its names' UTF-8 bytes joined by dots, is at most 1,500 bytes.
    @Test func aFieldPathIsAtMost1500Bytes() {
        let a749 = String(repeating: "a", count: 749), b750 = String(repeating: "b", count: 750)
        #expect(commitError([.set(["c", "y"], [a749: .map([b750: 1])])]) == nil)
        #expect(commitError([.set(["c", "y"], [a749 + "a": .map([b750: 1])])]) == .fieldPathTooLong([a749 + "a", b750]))
        #expect(commitError([.set(["c", "y"], [String(repeating: "é", count: 750): 1])]) == nil)
        #expect(commitError([.set(["c", "y"], [String(repeating: "é", count: 751): 1])]) == .fieldPathTooLong([String(repeating: "é", count: 751)]))
        #expect(commitError([.set(["c", "y"], ["n": 1]), .update(["c", "y"], [[a749 + "a", b750]: .delete])]) == .fieldPathTooLong([a749 + "a", b750]))
    }
}
