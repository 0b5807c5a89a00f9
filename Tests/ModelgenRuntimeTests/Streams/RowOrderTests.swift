import RuntimeTestSupport
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// `sortedRows` and `sortRows`: keys in the contract's value order (nil first), ties in the
/// input's order either way, the first `limit` rows.
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

    @Test func keysCompareInValueOrderAndTiesKeepTheirOrder() {
        #expect(rows.sortedRows(by: [.descending { $0.rating }]).map(\.id) == ["a", "c", "e", "f", "b", "d"], "3 (a tie), -0 and 0 (a tie), NaN, nil")
        #expect(rows.sortedRows(by: [.ascending { $0.rating }]).map(\.id) == ["d", "b", "e", "f", "a", "c"], "nil, NaN, -0 and 0, 3")
        #expect(rows.sortedRows(by: [.ascending { $0.title }]).map(\.id) == ["b", "d", "a", "e", "f", "c"], "by code point")
        #expect(rows.sortedRows(by: [.ascending { $0.rating }, .descending { $0.title }]).map(\.id) == ["d", "b", "f", "e", "c", "a"], "the second key breaks ties")
    }

    @Test func limitKeepsTheFirstRows() {
        #expect(rows.sortedRows(by: [.ascending { $0.title }], limit: 2).map(\.id) == ["b", "d"])
        #expect(rows.sortedRows(by: [], limit: 2).map(\.id) == ["a", "b"], "no key: the input's order")
        #expect(rows.sortedRows(by: [.ascending { $0.title }], limit: 0).isEmpty)
        #expect(rows.sortedRows(by: [.ascending { $0.title }], limit: -1).isEmpty)
        #expect(rows.sortedRows(by: [.ascending { $0.title }], limit: 99).count == 6)
    }

    /// The one-pass selection of the first rows keeps what a full stable sort keeps.
    @Test func theFirstRowsAreThoseOfAFullSort() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let rows = (0..<Int.random(in: 0...40, using: &random)).map { index in
                Row(id: "\(index)", title: ["a", "b", "c"].randomElement(using: &random)!, rating: [nil, .nan, 0, -0.0, 1, 2].randomElement(using: &random)!)
            }
            let orders: [RowOrder<Row>] = [.descending { $0.rating }, .ascending { $0.title }]
            let limit = Int.random(in: 1...12, using: &random)
            #expect(rows.sortedRows(by: orders, limit: limit).map(\.id) == Array(rows.sortedRows(by: orders).prefix(limit)).map(\.id), "\(rows)")
        }
    }

    @Test func theStreamEmitsOnlyWhenItsRowsChange() {
        let input = PassthroughSubject<[Row], any Error>()
        var emitted: [[String]] = []
        let cancellable = input.sortRows(by: [.ascending { $0.title }], limit: 2).sink(receiveCompletion: { _ in }, receiveValue: { emitted.append($0.map(\.id)) })
        input.send(rows)
        input.send(rows.reversed())
        input.send(Array(rows.dropFirst()))
        cancellable.cancel()
        #expect(emitted == [["b", "d"]], "the first two rows stay b and d: \(emitted)")
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
            let books = PassthroughSubject<[Row], any Error>(), authors = PassthroughSubject<[Author], any Error>()
            var emitted: [[Shelved]] = []
            let cancellable = books
                .leftJoin(authors, on: { $0.title }, equals: { $0.id }, into: Shelved.init)
                .sortRows(by: orders, limit: limit)
                .sink(receiveCompletion: { _ in }, receiveValue: { emitted.append($0) })
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
                #expect(emitted.last == sorted, "limit \(limit as Any), step \(step)")
            }
            cancellable.cancel()
            #expect(zip(emitted, emitted.dropFirst()).allSatisfy { $0 != $1 }, "limit \(limit as Any): emits only when the rows change")
        }
    }

    /// While the sort receives a re-joined array, the join hands over which positions it joined
    /// again, for that array and the one before only.
    @Test func theJoinHandsOverTheRowsItJoinedAgain() {
        let books = PassthroughSubject<[Row], any Error>(), authors = PassthroughSubject<[Author], any Error>()
        var received: [([Shelved], [Int]?)] = []
        var last: [Shelved] = []
        let cancellable = books
            .leftJoin(authors, on: { $0.title }, equals: { $0.id }, into: Shelved.init)
            .sink(receiveCompletion: { _ in }, receiveValue: { rows in
                received.append((rows, RowPatch.handedOver?.positions(from: last, to: rows)))
                last = rows
            })
        books.send((0..<6).map { Row(id: "\($0)", title: "a\($0 % 3)", rating: nil) })
        authors.send((0..<3).map { Author(id: "a\($0)", name: "Ann") })
        authors.send([Author(id: "a0", name: "Ann"), Author(id: "a1", name: "Bob"), Author(id: "a2", name: "Ann")])
        books.send((0..<6).map { Row(id: "\($0)", title: "a\($0 % 3)", rating: 1) })
        cancellable.cancel()
        #expect(received.map { $0.1.map { Set($0) } } == [nil, [1, 4], nil], "the first join and a new left side hand over nothing")
        #expect(received[1].0.map { $0.author?.name } == ["Ann", "Bob", "Ann", "Ann", "Bob", "Ann"])
        #expect(RowPatch.handedOver == nil, "only while the value is received")
        let patch = RowPatch(from: received[0].0, to: received[1].0, positions: [1, 4])
        #expect(patch?.positions(from: received[0].0, to: received[1].0) == [1, 4])
        #expect(patch?.positions(from: received[1].0, to: received[2].0) == nil, "other arrays")
        #expect(patch?.positions(from: received[0].0, to: received[0].0.map { $0 }) == nil, "an equal array stored elsewhere")
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
