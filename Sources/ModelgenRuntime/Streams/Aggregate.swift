import Foundation

/// What an aggregate stream computes from its rows: a count, or the sum or average of a numeric
/// field. Values are summed exactly (``ExactSum``), so that a sum kept up to date from changes
/// equals the sum computed afresh; rows whose field is nil are skipped.
public struct Aggregate<Row, Output: ContractEquatable & Sendable>: Sendable {
    /// The value a row adds, or nil when it adds none.
    let value: @Sendable (Row) -> Double?
    let result: @Sendable (ExactSum) throws -> Output
}

extension Aggregate where Output == Int {
    /// How many rows there are.
    public static var count: Self {
        Self(value: { _ in 0 }, result: \.count)
    }

    /// The sum of an int field: 0 over no rows. Fails when the sum is beyond ±(2^53 − 1), which
    /// not every language holds exactly.
    public static func sum(of value: @escaping @Sendable (Row) -> Int?) -> Self {
        Self(value: { value($0).map(Double.init) }) { sum in
            let total = sum.value
            guard total.magnitude <= 9_007_199_254_740_991 else { throw AggregateError.intSumOutOfRange }
            return Int(total)
        }
    }
}

extension Aggregate where Output == Double {
    /// The sum of a double field: 0 over no rows, NaN when a value is NaN.
    public static func sum(of value: @escaping @Sendable (Row) -> Double?) -> Self {
        Self(value: value) { $0.value }
    }
}

extension Aggregate where Output == Double? {
    /// The average of an int field: nil over no rows.
    public static func average(of value: @escaping @Sendable (Row) -> Int?) -> Self {
        Self(value: { value($0).map(Double.init) }, result: average)
    }

    /// The average of a double field: nil over no rows, NaN when a value is NaN.
    public static func average(of value: @escaping @Sendable (Row) -> Double?) -> Self {
        Self(value: value, result: average)
    }

    private static func average(_ sum: ExactSum) -> Double? {
        // + 0 turns −0 (an average that underflows) into 0.
        sum.count == 0 ? nil : sum.value / Double(sum.count) + 0
    }
}

/// Why an aggregate stream failed.
public enum AggregateError: Error, Hashable, Sendable, CustomStringConvertible {
    case intSumOutOfRange

    public var description: String {
        switch self {
        case .intSumOutOfRange: "an int sum beyond ±(2^53 − 1), which not every language holds exactly"
        }
    }
}

extension Array {
    /// The aggregate of the elements, or of those that match `isIncluded`.
    public func aggregated<Output>(_ aggregate: Aggregate<Element, Output>, where isIncluded: ((Element) -> Bool)? = nil) throws -> Output {
        var sum = ExactSum()
        for row in self where isIncluded?(row) ?? true {
            if let value = aggregate.value(row) { sum.add(value) }
        }
        return try aggregate.result(sum)
    }
}

extension Publisher where Failure == any Error {
    /// The aggregate of the rows, or of those that match `isIncluded`; emits only when it changes
    /// (under the contract's equality: NaN equals NaN).
    public func aggregateRows<Row, Output>(_ aggregate: Aggregate<Row, Output>, where isIncluded: ((Row) -> Bool)? = nil) -> AnyPublisher<Output, any Error> where Self.Output == [Row] {
        tryMap { try $0.aggregated(aggregate, where: isIncluded) }
            .removeDuplicates(by: Output.contractEqual)
            .eraseToAnyPublisher()
    }

    /// How many rows there are, or how many match `isIncluded`; emits only when it changes.
    public func countRows<Row>(where isIncluded: ((Row) -> Bool)? = nil) -> AnyPublisher<Int, any Error> where Output == [Row] {
        map { rows in isIncluded.map { rows.lazy.filter($0).count } ?? rows.count }.removeDuplicates().eraseToAnyPublisher()
    }
}

extension CollectionStream {
    /// Emits the aggregate of the query's documents that decode as `Row` and match `isIncluded`,
    /// on `scheduler`, whenever it changes. Kept from each snapshot's changes, so a write costs
    /// what it changed, not a pass over every row. Documents that do not decode are left out and
    /// reported as by ``publisher(store:query:scheduler:onDecodeFailure:)``.
    public static func aggregate<Row: DocumentCodable, Output>(
        _ aggregate: Aggregate<Row, Output>,
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler,
        where isIncluded: @escaping @Sendable (Row) -> Bool = { _ in true }
    ) -> AnyPublisher<Output, any Error> {
        ListenerPublisher(
            listen: { store.addListener(to: query, $0) },
            scheduler: scheduler,
            makeTransform: {
                let aggregator = QueryAggregator(aggregate, collection: query.collection, onFailure: onDecodeFailure, where: isIncluded)
                return { aggregator.result(after: $0) }
            }
        )
        .tryMap { try $0.get() }
        .eraseToAnyPublisher()
    }

    /// Emits how many of the query's documents decode as `Row` and match `isIncluded`: the
    /// ``aggregate(_:store:query:scheduler:onDecodeFailure:where:)`` ``Aggregate/count``.
    public static func count<Row: DocumentCodable>(
        of _: Row.Type,
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler,
        where isIncluded: @escaping @Sendable (Row) -> Bool = { _ in true }
    ) -> AnyPublisher<Int, any Error> {
        aggregate(Aggregate<Row, Int>.count, store: store, query: query, scheduler: scheduler, onDecodeFailure: onDecodeFailure, where: isIncluded)
    }
}

/// The aggregate of one query listener's documents that decode and match a predicate, kept up
/// to date from each snapshot's changes: a snapshot costs what changed in it.
final class QueryAggregator<Row: DocumentCodable, Output: ContractEquatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let aggregate: Aggregate<Row, Output>
    private var decoder: ReportingDecoder<Row>
    private let isIncluded: (Row) -> Bool
    /// The value each of the snapshot's documents, in order, adds; nil when it adds none.
    private var values: [Double?] = []
    private var sum = ExactSum()
    private var emitted: Output?
    private var hasEmitted = false

    init(_ aggregate: Aggregate<Row, Output>, collection: [String], onFailure: @escaping DecodeFailureHandler, where isIncluded: @escaping (Row) -> Bool) {
        self.aggregate = aggregate
        decoder = ReportingDecoder(collection: collection, onFailure: onFailure)
        self.isIncluded = isIncluded
    }

    /// The aggregate after `snapshot`, or nil when it is the one last returned.
    func result(after snapshot: QuerySnapshot) -> Result<Output, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        for change in snapshot.changes {
            switch change {
            case let .added(document, newIndex):
                insert(document, at: newIndex)
            case let .removed(_, oldIndex):
                if let value = values.remove(at: oldIndex) { sum.remove(value) }
            case let .modified(document, oldIndex, newIndex):
                if let value = values.remove(at: oldIndex) { sum.remove(value) }
                insert(document, at: newIndex)
            }
        }
        do {
            let output = try aggregate.result(sum)
            if hasEmitted, let emitted, Output.contractEqual(emitted, output) { return nil }
            (emitted, hasEmitted) = (output, true)
            return .success(output)
        } catch {
            return .failure(error)
        }
    }

    private func insert(_ document: DocumentSnapshot, at index: Int) {
        let value = decoder.decode(document).flatMap { isIncluded($0) ? aggregate.value($0) : nil }
        values.insert(value, at: index)
        if let value { sum.add(value) }
    }
}
