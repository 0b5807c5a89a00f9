import RuntimeTestSupport
import Testing
@testable import ModelgenAsync
@testable import ModelgenRuntimeCore

/// `sortRows`: the first rows by their order, kept by an incremental sort, which a join above it
/// tells which rows it joined again.
@Suite struct RowOrderTests {
    /// Equal as generated rows are, under the contract: NaN equals NaN.
    private struct Row: Equatable {
        var id: String
        var title: String
        var rating: Double?

        static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.id == rhs.id && lhs.title == rhs.title && Double?.contractEqual(lhs.rating, rhs.rating)
        }
    }

    private let rows = [
        Row(id: "a", title: "b", rating: 3), Row(id: "b", title: "B", rating: .nan), Row(id: "c", title: "\u{E9}", rating: 3),
        Row(id: "d", title: "a", rating: nil), Row(id: "e", title: "e\u{301}", rating: -0.0), Row(id: "f", title: "z", rating: 0),
    ]

    @Test func theStreamEmitsOnlyWhenItsRowsChange() {
        let input = Subject<[Row]>()
        let recorder = Recorder(input.stream.sortRows(by: [.ascending { $0.title }], limit: 2))
        input.send(rows)
        input.send(rows.reversed())
        input.send(Array(rows.dropFirst()))
        #expect(recorder.values.map { $0.map(\.id) } == [["b", "d"]], "the first two rows stay b and d: \(recorder.values)")
    }

    /// Books by their authors' names: a join whose rows a sort orders.
    private struct Author: Equatable {
        var id: String
        var name: String
    }

    private struct Shelved: Equatable {
        var book: Row
        var author: Author?
    }

    /// A sort below a join, as its authors are renamed (the join hands over which rows it joined
    /// again, and only those are placed again) and books come and go (sorted afresh), emits what
    /// a stable sort of the joined rows gives, and only when it changes.
    @Test func aSortBelowAJoinKeepsTheOrderOfAStableSort() {
        var random = SeededRandom(seed: 11)
        let names = ["Ann", "Bob", "Cy", "Dee", ""]
        func book(_ id: Int) -> Row {
            Row(id: "\(id)", title: "a\(Int.random(in: 0..<12, using: &random))", rating: [nil, .nan, 0, -0.0, 1, 2].randomElement(using: &random)!)
        }
        let orders: [RowOrder<Shelved>] = [.ascending { $0.author?.name }, .descending { $0.book.rating }]
        for limit in [nil, 0, 1, 5, 30] {
            let books = Subject<[Row]>(), authors = Subject<[Author]>()
            let recorder = Recorder(books.stream
                .leftJoin(authors.stream, on: { $0.title }, equals: { $0.id }, into: Shelved.init)
                .sortRows(by: orders, limit: limit))
            var shelf = (0..<60).map(book)
            var people = (0..<12).map { Author(id: "a\($0)", name: names.randomElement(using: &random)!) }
            books.send(shelf)
            authors.send(people)
            for step in 0..<300 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: shelf.append(book(100 + step)); books.send(shelf)
                case 1: shelf.remove(at: Int.random(in: shelf.indices, using: &random)); books.send(shelf)
                default: people[Int.random(in: people.indices, using: &random)].name = names.randomElement(using: &random)!; authors.send(people)
                }
                let joined = shelf.map { book in Shelved(book: book, author: people.first { $0.id == book.title }) }
                let sorted = Array(stableSort(joined, by: orders).prefix(Swift.max(0, limit ?? joined.count)))
                #expect(recorder.values.last == sorted, "limit \(limit as Any), step \(step)")
            }
            recorder.cancel()
            let emitted = recorder.values
            #expect(zip(emitted, emitted.dropFirst()).allSatisfy { $0 != $1 }, "limit \(limit as Any): emits only when the rows change")
        }
    }

    /// While the sort receives a re-joined array, the join hands over which positions it joined
    /// again, for that array and the one before only.
    @Test func theJoinHandsOverTheRowsItJoinedAgain() {
        let books = Subject<[Row]>(), authors = Subject<[Author]>()
        let received = Calls<([Shelved], [Int]?)>()
        let last = Locked<[Shelved]>([])
        let subscription = books.stream
            .leftJoin(authors.stream, on: { $0.title }, equals: { $0.id }, into: Shelved.init)
            .subscribe { event in
                guard case let .value(rows) = event else { return }
                received.append((rows, RowPatch.handedOver?.positions(from: last.withLock { $0 }, to: rows)))
                last.withLock { $0 = rows }
            }
        books.send((0..<6).map { Row(id: "\($0)", title: "a\($0 % 3)", rating: nil) })
        authors.send((0..<3).map { Author(id: "a\($0)", name: "Ann") })
        authors.send([Author(id: "a0", name: "Ann"), Author(id: "a1", name: "Bob"), Author(id: "a2", name: "Ann")])
        books.send((0..<6).map { Row(id: "\($0)", title: "a\($0 % 3)", rating: 1) })
        subscription.cancel()
        let all = received.all
        #expect(all.map { $0.1.map { Set($0) } } == [nil, [1, 4], nil], "the first join and a new left side hand over nothing")
        #expect(all[1].0.map { $0.author?.name } == ["Ann", "Bob", "Ann", "Ann", "Bob", "Ann"])
        #expect(RowPatch.handedOver == nil, "only while the value is received")
    }

    /// Swift's own sort, made stable by position.
    private func stableSort<Element>(_ rows: [Element], by orders: [RowOrder<Element>]) -> [Element] {
        rows.enumerated().sorted { left, right in
            for order in orders {
                let result = order.compare(left.element, right.element)
                if result != 0 { return result < 0 }
            }
            return left.offset < right.offset
        }.map(\.element)
    }
}
