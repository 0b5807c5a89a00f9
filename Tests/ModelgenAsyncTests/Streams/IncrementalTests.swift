import RuntimeTestSupport
import Testing
@testable import ModelgenAsync

/// The incremental parts of the streams agree with doing everything again, over seeded
/// random changes.
@Suite struct IncrementalTests {
    struct Person: Hashable { var id: String; var name: String }
    struct Post: Hashable { var owner: String? }
    struct Joined: Hashable { var post: Post; var person: Person? }

    @Test func joinsMatchAJoinDoneFromScratch() {
        for seed in UInt64(1)...30 {
            var random = SeededRandom(seed: seed)
            let posts = Subject<[Post]>(), people = Subject<[Person]>()
            let left = Recorder(posts.stream.leftJoin(people.stream, on: { $0.owner }, equals: { $0.id }, into: Joined.init))
            let inner = Recorder(posts.stream.innerJoin(people.stream, on: { $0.owner }, equals: { $0.id }, into: Joined.init))
            var current: (posts: [Post], people: [Person]) = ([], [])
            var expected: (left: [[Joined]], inner: [[Joined]]) = ([[]], [[]])
            posts.send([])
            people.send([])
            for step in 0..<80 {
                if step == 0 || Int.random(in: 0..<4, using: &random) == 0 {
                    current.posts = (0..<Int.random(in: 0..<8, using: &random)).map { _ in Post(owner: Self.key(using: &random)) }
                    posts.send(current.posts)
                } else {
                    current.people = Self.change(current.people, using: &random)
                    people.send(current.people)
                }
                let index = Dictionary(current.people.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                let all = current.posts.map { Joined(post: $0, person: $0.owner.flatMap { index[$0] }) }
                let matched = all.filter { $0.person != nil }
                if expected.left.last != all { expected.left.append(all) }
                if expected.inner.last != matched { expected.inner.append(matched) }
            }
            #expect(Self.firstDifference(left.values, expected.left) == nil, "seed \(seed)")
            #expect(Self.firstDifference(inner.values, expected.inner) == nil, "seed \(seed)")
        }
    }

    @Test func collectionStreamsAndCountsMatchDecodingEveryDocument() throws {
        let query = StoreQuery(collection: ["c"], orderBy: [.descending(["at"])], limit: 5)
        for seed in UInt64(1)...20 {
            var random = SeededRandom(seed: seed)
            let store = InMemoryStore()
            let failures = Calls<DecodeFailure>()
            let rows = Recorder(CollectionStream.stream(store: store, query: query, scheduler: .immediate) { failures.append($0) } as LiveStream<[Item]>)
            let countFailures = Calls<DecodeFailure>()
            let count = Recorder(CollectionStream.count(of: Item.self, store: store, query: query, scheduler: .immediate, onDecodeFailure: { countFailures.append($0) }) { $0.n == 1 })
            var expected: [[Item]] = [[]]
            var expectedCounts = [0]
            // A failing content is reported once, again only after the document decoded or changed.
            var reported: [String: DocumentData] = [:]
            var expectedFailures = 0
            for _ in 0..<60 {
                let path = ["c", "d\(Int.random(in: 0..<8, using: &random))"]
                let n: DocumentValue = Int.random(in: 0..<5, using: &random) == 0 ? "not a number" : .int(Int64.random(in: 0..<3, using: &random))
                let write: DocumentWrite = Int.random(in: 0..<6, using: &random) == 0
                    ? .delete(path) : .set(path, ["at": .int(Int64.random(in: 0..<10, using: &random)), "n": n])
                try store.commit([write])
                let documents = try store.getDocuments(query)
                for document in documents {
                    if (try? Item(id: document.id, data: document.data)) != nil {
                        reported[document.id] = nil
                    } else if reported[document.id] != document.data {
                        reported[document.id] = document.data
                        expectedFailures += 1
                    }
                }
                let decoded = documents.compactMap { try? Item(id: $0.id, data: $0.data) }
                if expected.last != decoded { expected.append(decoded) }
                let matching = decoded.count { $0.n == 1 }
                if expectedCounts.last != matching { expectedCounts.append(matching) }
            }
            #expect(Self.firstDifference(rows.values, expected) == nil, "seed \(seed)")
            #expect(failures.all.count == expectedFailures, "seed \(seed)")
            #expect(Self.firstDifference(count.values, expectedCounts) == nil, "seed \(seed)")
            #expect(countFailures.all == failures.all, "seed \(seed)")
        }
    }

    /// Where two lists of emissions part, or nil when they are the same.
    static func firstDifference<T: Equatable>(_ actual: [T], _ expected: [T]) -> String? {
        guard actual != expected else { return nil }
        let index = actual.indices.first { $0 >= expected.count || actual[$0] != expected[$0] } ?? actual.count
        return "emission \(index) of \(actual.count) (expected \(expected.count)): "
            + "\(index < actual.count ? "\(actual[index])" : "none") instead of \(index < expected.count ? "\(expected[index])" : "none")"
    }

    /// One of five keys, or nil.
    static func key(using random: inout SeededRandom) -> String? {
        let key = Int.random(in: 0..<6, using: &random)
        return key == 5 ? nil : "k\(key)"
    }

    /// People with one renamed, given another id, swapped with another, added or removed; ids
    /// may repeat.
    static func change(_ people: [Person], using random: inout SeededRandom) -> [Person] {
        var people = people
        let name = "n\(Int.random(in: 0..<3, using: &random))"
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where !people.isEmpty: people[Int.random(in: 0..<people.count, using: &random)].name = name
        case 1 where !people.isEmpty: people.remove(at: Int.random(in: 0..<people.count, using: &random))
        case 2 where !people.isEmpty: people[Int.random(in: 0..<people.count, using: &random)].id = key(using: &random) ?? "k0"
        case 3 where !people.isEmpty:
            people.swapAt(Int.random(in: 0..<people.count, using: &random), Int.random(in: 0..<people.count, using: &random))
        default: people.insert(Person(id: key(using: &random) ?? "k0", name: name), at: Int.random(in: 0...people.count, using: &random))
        }
        return people
    }
}
