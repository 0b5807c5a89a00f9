import Benchmark
import Foundation
import Models
import ModelgenRuntime

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The generated Swift models re-emitting after one change, beside the baselines they are
/// judged against: the seeds' nested-`find` join, copying the whole result, one linear pass.
/// Streams run on the immediate scheduler, so one write returns after the new value is out.
let benchmarks: @Sendable () -> Void = {
    // In nanoseconds: left to choose, ordo-one prints a whole number of the unit it picks, so the
    // nested find's 10.x ms read as 10 and the ratios moved by up to a tenth.
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 1_000)

    let chat = ChatFixture()
    Benchmark("swift: join, re-emit after one member changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try chat.renameOneMember()
        }
    }, setup: { try chat.start() }, teardown: { try chat.stop() })
    Benchmark("swift: join's inputs, re-emit after one member changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try chat.renameOneMember()
        }
    }, setup: { try chat.start(.inputs) }, teardown: { try chat.stop() })
    Benchmark("swift: join, seeds' nested find", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(nestedFindJoin(chat.messages, chat.members))
        }
    }, setup: { try chat.start() }, teardown: { try chat.stop() })
    Benchmark("swift: join, copy of the result", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(chat.rows.map { $0 })
        }
    }, setup: { try chat.start() }, teardown: { try chat.stop() })
    asyncBenchmarks()

    let sort = SortFixture()
    Benchmark("swift: sort + limit 50 of the join, re-emit after one member changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try sort.renameFirstMember()
        }
    }, setup: { try sort.start() }, teardown: { try sort.stop() })

    let shop = ShopFixture()
    Benchmark("swift: count, re-emit after one review changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try shop.changeOneReview()
        }
    }, setup: { try shop.start(.fiveStarCount) }, teardown: { try shop.stop() })
    Benchmark("swift: count, one linear pass", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(shop.reviews.lazy.filter { Match.equal($0.stars, 5) }.count)
        }
    }, setup: { try shop.start(.fiveStarCount) }, teardown: { try shop.stop() })
    Benchmark("swift: sum, re-emit after one review changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try shop.changeOneReview()
        }
    }, setup: { try shop.start(.totalStars) }, teardown: { try shop.stop() })
    Benchmark("swift: sum, one linear pass", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(shop.reviews.reduce(0) { $0 + $1.stars })
        }
    }, setup: { try shop.start(.totalStars) }, teardown: { try shop.stop() })
    Benchmark("swift: grouped sum, re-emit after one review changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try shop.changeOneReview()
        }
    }, setup: { try shop.start(.starsPerUser) }, teardown: { try shop.stop() })
    Benchmark("swift: grouped sum, one linear pass", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(shop.reviews.reduce(into: [String: Int]()) { $0[$1.userId, default: 0] += $1.stars })
        }
    }, setup: { try shop.start(.starsPerUser) }, teardown: { try shop.stop() })

    let window = WindowFixture()
    for query in WindowFixture.Query.allCases {
        Benchmark("swift: \(query.rawValue) 50, re-emit after one new message", closure: { benchmark in
            for _ in benchmark.scaledIterations {
                try window.addOneMessage()
            }
        }, setup: { try window.start(query) }, teardown: { try window.stop() })
    }

    let writes = WriteFixture()
    Benchmark("swift: 10,000 typed creates in one commit", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try writes.commitTyped()
        }
    })
    Benchmark("swift: 10,000 untyped sets in one commit", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try writes.commitUntyped()
        }
    })
}

/// The join of seed 000: for each message, `first` over the members.
func nestedFindJoin(_ messages: [Message], _ members: [Member]) -> [MessageWithOwner] {
    messages.map { message in
        MessageWithOwner(message: message, owner: members.first { $0.id == message.ownerUid })
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

/// 10,000 messages by 1,000 members, joined live by `messagesWithOwners`.
final class ChatFixture: @unchecked Sendable {
    /// What stays subscribed after the start: the join, or only the two streams it joins.
    enum Streams {
        case join, inputs
    }

    private(set) var messages: [Message] = []
    private(set) var members: [Member] = []
    private(set) var rows: [MessageWithOwner] = []
    private var store = InMemoryStore()
    private var subscriptions: [AnyCancellable] = []
    private var renames = 0
    private var streams = Streams.join

    func start(_ streams: Streams = .join) throws {
        store = try Fixtures.chatRoom(messages: 10_000, members: 1_000)
        renames = 0
        self.streams = streams
        let model = ChatModel(store: store, scheduler: .immediate)
        subscriptions = [
            model.messages(roomId: Fixtures.roomId).sink(receiveCompletion: { _ in }, receiveValue: { self.messages = $0 }),
            model.members(roomId: Fixtures.roomId).sink(receiveCompletion: { _ in }, receiveValue: { self.members = $0 }),
            model.messagesWithOwners(roomId: Fixtures.roomId).sink(receiveCompletion: { _ in }, receiveValue: { self.rows = $0 }),
        ]
        guard rows.count == 10_000, rows == nestedFindJoin(messages, members) else {
            throw BenchmarkFailure(description: "the join does not match the nested find")
        }
        switch streams {
        case .join: subscriptions.removeFirst(2)
        case .inputs: subscriptions.removeLast()
        }
    }

    /// Renames member 7, who wrote every 1,000th message.
    func renameOneMember() throws {
        renames += 1
        try store.setData(Member(id: Fixtures.memberId(7), name: "Renamed \(renames)").documentData, at: ["chatrooms", Fixtures.roomId, "members", Fixtures.memberId(7)])
    }

    /// Checks that the last rename reached every row of member 7 (or the members stream), and
    /// nothing else changed.
    func stop() throws {
        switch (streams, renames) {
        case (_, 0): break
        case (.join, _):
            members[7].name = "Renamed \(renames)"
            guard rows == nestedFindJoin(messages, members) else {
                throw BenchmarkFailure(description: "the join did not follow the renames")
            }
        case (.inputs, _):
            guard members[7].name == "Renamed \(renames)" else {
                throw BenchmarkFailure(description: "the members stream did not follow the renames")
            }
        }
        subscriptions = []
        guard store.listenerCount == 0 else { throw BenchmarkFailure(description: "listeners left behind") }
    }
}

/// The first 50 of chat's 10,000 joined rows by owner name (`messagesByOwnerName`); member 0,
/// "Member 0" and so first, is renamed "Aaron" and back.
final class SortFixture: @unchecked Sendable {
    private(set) var rows: [MessageWithOwner] = []
    private var store = InMemoryStore()
    private var model: ChatModel?
    private var subscriptions: [AnyCancellable] = []
    private var renamed = false

    /// By owner name (nil first), newest first, the first 50: Swift's own sort over the join.
    private func expected() -> [MessageWithOwner] {
        var joined: [MessageWithOwner] = []
        _ = model?.messagesWithOwners(roomId: Fixtures.roomId).sink(receiveCompletion: { _ in }, receiveValue: { joined = $0 })
        let sorted = joined.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.owner?.name != b.owner?.name { return (a.owner?.name ?? "") < (b.owner?.name ?? "") }
            let (x, y) = (a.message.createdAt?.seconds ?? 0, b.message.createdAt?.seconds ?? 0)
            return x != y ? x > y : left.offset < right.offset
        }
        return sorted.prefix(50).map(\.element)
    }

    func start() throws {
        store = try Fixtures.chatRoom(messages: 10_000, members: 1_000)
        renamed = false
        let model = ChatModel(store: store, scheduler: .immediate)
        self.model = model
        subscriptions = [model.messagesByOwnerName(roomId: Fixtures.roomId).sink(receiveCompletion: { _ in }, receiveValue: { self.rows = $0 })]
        guard rows == expected() else { throw BenchmarkFailure(description: "the sort does not match Swift's sort") }
    }

    func renameFirstMember() throws {
        renamed.toggle()
        let name = renamed ? "Aaron" : "Member 0"
        try store.setData(Member(id: Fixtures.memberId(0), name: name).documentData, at: ["chatrooms", Fixtures.roomId, "members", Fixtures.memberId(0)])
        guard rows.count == 50, rows.first?.owner?.name == name else { throw BenchmarkFailure(description: "the sort did not follow the rename") }
    }

    func stop() throws {
        guard rows == expected() else { throw BenchmarkFailure(description: "the sort does not match Swift's sort after the renames") }
        subscriptions = []
        model = nil
        guard store.listenerCount == 0 else { throw BenchmarkFailure(description: "listeners left behind") }
    }
}

/// 100,000 reviews of one shop, counted live by `fiveStarCount`, summed by `totalStars`, or
/// summed per user (1,000 users, 100 reviews each) by `starsPerUser`.
final class ShopFixture: @unchecked Sendable {
    enum Stream {
        case fiveStarCount, totalStars, starsPerUser
    }

    private(set) var reviews: [Review] = []
    private var value = 0
    private var stream = Stream.fiveStarCount
    private var store = InMemoryStore()
    private var subscriptions: [AnyCancellable] = []
    private var fiveStars = false

    /// What `stream` emits before and after review 1 (two stars) has five: 20,000 five-star
    /// reviews, 300,000 stars (each of 1 to 5 stars 20,000 times), or the stars of review 1's
    /// user, whose 100 reviews have two stars each.
    private var expected: (before: Int, after: Int) {
        switch stream {
        case .fiveStarCount: (20_000, 20_001)
        case .totalStars: (300_000, 300_003)
        case .starsPerUser: (200, 203)
        }
    }

    func start(_ stream: Stream) throws {
        store = try Fixtures.shop(reviews: 100_000)
        (self.stream, fiveStars) = (stream, false)
        let model = ShopsModel(store: store, scheduler: .immediate)
        let values = switch stream {
        case .fiveStarCount: model.fiveStarCount(shopId: Fixtures.shopId)
        case .totalStars: model.totalStars(shopId: Fixtures.shopId)
        case .starsPerUser:
            model.starsPerUser(shopId: Fixtures.shopId).map { groups in
                groups.first { $0.key == Fixtures.memberId(1) }?.value ?? -1
            }.eraseToAnyPublisher()
        }
        subscriptions = [
            model.reviews(shopId: Fixtures.shopId).sink(receiveCompletion: { _ in }, receiveValue: { self.reviews = $0 }),
            values.sink(receiveCompletion: { _ in }, receiveValue: { self.value = $0 }),
        ]
        guard value == expected.before else { throw BenchmarkFailure(description: "\(stream) is \(value), not \(expected.before)") }
        subscriptions.removeFirst()
    }

    /// Gives review 1 (two stars) five stars, or back two; checks the stream follows.
    func changeOneReview() throws {
        fiveStars.toggle()
        try store.updateData([["stars"]: .value(.int(fiveStars ? 5 : 2))], at: ["shops", Fixtures.shopId, "reviews", "r1"])
        guard value == (fiveStars ? expected.after : expected.before) else { throw BenchmarkFailure(description: "\(stream) did not follow the change") }
    }

    func stop() throws {
        subscriptions = []
        guard store.listenerCount == 0 else { throw BenchmarkFailure(description: "listeners left behind") }
    }
}

/// The newest 50 of 100,000 messages, kept live by a store listener: as a `limit` (newest first),
/// as a `limitToLast` (oldest first), or as a `limit` with a cursor ending at the oldest message,
/// which every document is tested against; the same documents each way. Each new message enters
/// the window.
final class WindowFixture: @unchecked Sendable {
    enum Query: String, CaseIterable {
        case limitToLast, limit
        case cursor = "limit with a cursor"
    }

    private let messages = ["chatrooms", Fixtures.roomId, "messages"]
    private var store = InMemoryStore()
    private var registration: ListenerRegistration?
    private var window: [DocumentSnapshot] = []
    private var last = false
    private var added = 0

    func start(_ query: Query) throws {
        store = InMemoryStore()
        let first = Timestamp(seconds: 1_700_000_000)
        try store.commit((0..<100_000).map { .set(messages + ["m\($0)"], ["createdAt": .timestamp(Timestamp(seconds: first.seconds + Int64($0)))]) })
        last = query == .limitToLast
        added = 0
        let storeQuery = switch query {
        case .limitToLast: StoreQuery(collection: messages, orderBy: [.ascending(["createdAt"])], limitToLast: 50)
        case .limit: StoreQuery(collection: messages, orderBy: [.descending(["createdAt"])], limit: 50)
        case .cursor: StoreQuery(collection: messages, orderBy: [.descending(["createdAt"])], limit: 50, end: QueryBound([.timestamp(first)], inclusive: true))
        }
        registration = store.addListener(to: storeQuery) { self.window = (try? $0.get().documents) ?? [] }
        try check(newest: "m99999")
    }

    /// Adds a message newer than every other; checks it leads the window.
    func addOneMessage() throws {
        added += 1
        try store.setData(["createdAt": .timestamp(Timestamp(seconds: 1_700_100_000 + Int64(added)))], at: messages + ["n\(added)"])
        try check(newest: "n\(added)")
    }

    func stop() throws {
        registration?.remove()
        guard store.listenerCount == 0 else { throw BenchmarkFailure(description: "listeners left behind") }
    }

    private func check(newest id: String) throws {
        guard window.count == 50, window[last ? 49 : 0].id == id else {
            throw BenchmarkFailure(description: "the window does not hold the newest 50 messages")
        }
    }
}

/// 10,000 new messages committed at once into an empty store: made by the generated
/// `createMessage`, or as the maps a hand-written layer would build. The same documents either way.
final class WriteFixture: Sendable {
    private let ids = (0..<10_000).map { "m\($0)" }
    private let texts = (0..<10_000).map { "Message \($0)" }
    private let room = ["chatrooms", Fixtures.roomId, "messages"]

    func commitTyped() throws {
        let store = InMemoryStore()
        let model = ChatModel(store: store, scheduler: .immediate)
        try store.commit(ids.indices.map { try model.createMessage(roomId: Fixtures.roomId, text: texts[$0], ownerUid: Fixtures.memberId($0 % 1_000), id: ids[$0]) })
        try check(store)
    }

    func commitUntyped() throws {
        let store = InMemoryStore()
        try store.commit(ids.indices.map { index in
            .set(room + [ids[index]], [
                "text": .string(texts[index]), "ownerUid": .string(Fixtures.memberId(index % 1_000)), "createdAt": .serverTimestamp,
                "attachments": .array([]), "like_count": .int(0),
            ])
        })
        try check(store)
    }

    private func check(_ store: InMemoryStore) throws {
        guard try store.getDocument(room + ["m9999"])?.data["text"] == .string("Message 9999") else {
            throw BenchmarkFailure(description: "the writes did not reach the store")
        }
    }
}
