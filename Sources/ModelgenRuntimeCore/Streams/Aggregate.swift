import Foundation

/// What an aggregate stream computes from its rows: a count; the sum, average, minimum or
/// maximum of a field. Rows whose field is nil are skipped. The values kept are a ``State``:
/// an exact sum (``ExactSum``), so that a sum kept up to date from changes equals one computed
/// afresh, or the values in order.
public struct Aggregate<Row, State: AggregateState>: Sendable {
    /// The value a row adds, or nil when it adds none.
    let value: @Sendable (Row) -> State.Value?
}

extension Aggregate where State == RowCount {
    /// How many rows there are.
    public static var count: Self {
        Self { _ in 0 }
    }
}

extension Aggregate where State == IntSum {
    /// The sum of an int field: 0 over no rows. Fails when the sum is beyond ±(2^53 − 1), which
    /// not every language holds exactly.
    public static func sum(of value: @escaping @Sendable (Row) -> Int?) -> Self {
        Self { value($0).map(Double.init) }
    }
}

extension Aggregate where State == DoubleSum {
    /// The sum of a double field: 0 over no rows, NaN when a value is NaN.
    public static func sum(of value: @escaping @Sendable (Row) -> Double?) -> Self {
        Self(value: value)
    }
}

extension Aggregate where State == Average {
    /// The average of an int field: nil over no rows.
    public static func average(of value: @escaping @Sendable (Row) -> Int?) -> Self {
        Self { value($0).map(Double.init) }
    }

    /// The average of a double field: nil over no rows, NaN when a value is NaN.
    public static func average(of value: @escaping @Sendable (Row) -> Double?) -> Self {
        Self(value: value)
    }
}

extension Aggregate {
    /// The least value of a field in the contract's order (NaN below every other number,
    /// strings by code point): nil over no rows.
    public static func min<Value>(of value: @escaping @Sendable (Row) -> Value?) -> Self where State == Least<Value> {
        Self { value($0).map(SortedValues<Value>.normalized) }
    }

    /// The greatest value of a field in the contract's order: nil over no rows.
    public static func max<Value>(of value: @escaping @Sendable (Row) -> Value?) -> Self where State == Greatest<Value> {
        Self { value($0).map(SortedValues<Value>.normalized) }
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
    public func aggregated<State>(_ aggregate: Aggregate<Element, State>, where isIncluded: ((Element) -> Bool)? = nil) throws -> State.Output {
        var state = State()
        for row in self where isIncluded?(row) ?? true {
            if let value = aggregate.value(row) { state.add(value) }
        }
        return try state.result()
    }
}

/// The aggregate of one query listener's documents that decode and match a predicate, kept up
/// to date from each snapshot's changes: a snapshot costs what changed in it.
package final class QueryAggregator<Row: DocumentRow, State: AggregateState>: @unchecked Sendable {
    private let lock = NSLock()
    private let aggregate: Aggregate<Row, State>
    private var decoder: ReportingDecoder<Row>
    private let isIncluded: (Row) -> Bool
    /// The value each of the snapshot's documents, in order, adds; nil when it adds none.
    private var values: [State.Value?] = []
    private var state = State()
    private var emitted: State.Output?
    private var hasEmitted = false

    package init(_ aggregate: Aggregate<Row, State>, collection: [String], onFailure: @escaping DecodeFailureHandler, where isIncluded: @escaping (Row) -> Bool) {
        self.aggregate = aggregate
        decoder = ReportingDecoder(collection: collection, onFailure: onFailure)
        self.isIncluded = isIncluded
    }

    /// The aggregate after `snapshot`, or nil when it is the one last returned.
    package func result(after snapshot: QuerySnapshot) -> Result<State.Output, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        for change in snapshot.changes {
            switch change {
            case let .added(document, newIndex):
                insert(document, at: newIndex)
            case let .removed(_, oldIndex):
                if let value = values.remove(at: oldIndex) { state.remove(value) }
            case let .modified(document, oldIndex, newIndex):
                if let value = values.remove(at: oldIndex) { state.remove(value) }
                insert(document, at: newIndex)
            }
        }
        do {
            let output = try state.result()
            if hasEmitted, let emitted, State.Output.contractEqual(emitted, output) { return nil }
            (emitted, hasEmitted) = (output, true)
            return .success(output)
        } catch {
            return .failure(error)
        }
    }

    private func insert(_ document: DocumentSnapshot, at index: Int) {
        let value = decoder.decode(document).flatMap { isIncluded($0) ? aggregate.value($0) : nil }
        values.insert(value, at: index)
        if let value { state.add(value) }
    }
}
