/// What an aggregate keeps of its values, changed value by value: a sum, or the values in order.
public protocol AggregateState: Sendable {
    associatedtype Value: Sendable
    associatedtype Output: ContractEquatable & Sendable
    /// What a group of a grouped aggregate holds: the result over one value or more.
    associatedtype GroupValue: ContractEquatable & Sendable = Output

    init()
    mutating func add(_ value: Value)
    mutating func remove(_ value: Value)
    /// The result over the values held; mutating, so that a state may keep what it worked out.
    mutating func result() throws -> Output
    /// The result over one value or more: an average or an extreme is never nil.
    mutating func groupResult() throws -> GroupValue
}

extension AggregateState where GroupValue == Output {
    public mutating func groupResult() throws -> Output { try result() }
}

/// How many values there are.
public struct RowCount: AggregateState {
    private var count = 0

    public init() {}
    public mutating func add(_: Double) { count += 1 }
    public mutating func remove(_: Double) { count -= 1 }
    public func result() -> Int { count }
}

/// The exact sum of ints, failing beyond ±(2^53 − 1).
public struct IntSum: AggregateState {
    private var sum = ExactSum()

    public init() {}
    public mutating func add(_ value: Double) { sum.add(value) }
    public mutating func remove(_ value: Double) { sum.remove(value) }

    public func result() throws -> Int {
        let total = sum.value
        guard total.magnitude <= 9_007_199_254_740_991 else { throw AggregateError.intSumOutOfRange }
        return Int(total)
    }
}

/// The exact sum of doubles, rounded once.
public struct DoubleSum: AggregateState {
    private var sum = ExactSum()

    public init() {}
    public mutating func add(_ value: Double) { sum.add(value) }
    public mutating func remove(_ value: Double) { sum.remove(value) }
    public func result() -> Double { sum.value }
}

/// The exact sum divided by the number of values; nil for none.
public struct Average: AggregateState {
    private var sum = ExactSum()

    public init() {}
    public mutating func add(_ value: Double) { sum.add(value) }
    public mutating func remove(_ value: Double) { sum.remove(value) }

    public func result() -> Double? {
        // + 0 turns −0 (an average that underflows) into 0.
        sum.count == 0 ? nil : sum.value / Double(sum.count) + 0
    }

    public func groupResult() -> Double { sum.value / Double(sum.count) + 0 }
}

/// The least value in the contract's order (NaN below every other number, strings by code
/// point); nil for none.
public struct Least<Value: ContractOrdered & Sendable>: AggregateState {
    private var values = SortedValues<Value>()

    public init() {}
    public mutating func add(_ value: Value) { values.insert(value) }
    public mutating func remove(_ value: Value) { values.remove(value) }
    public func result() -> Value? { values.first }
    public func groupResult() -> Value { values.first! }
}

/// The greatest value in the contract's order; nil for none.
public struct Greatest<Value: ContractOrdered & Sendable>: AggregateState {
    private var values = SortedValues<Value>()

    public init() {}
    public mutating func add(_ value: Value) { values.insert(value) }
    public mutating func remove(_ value: Value) { values.remove(value) }
    public func result() -> Value? { values.last }
    public func groupResult() -> Value { values.last! }
}

/// Values kept in the contract's order: each found by binary search in a sorted array.
struct SortedValues<Value: ContractOrdered & Sendable>: Sendable {
    private var values: [Value] = []

    var first: Value? { values.first }
    var last: Value? { values.last }
    /// Every value, in order.
    var all: [Value] { values }

    /// −0 as 0, so that of two equal values the one given back is the same in every language.
    static func normalized(_ value: Value) -> Value {
        if let number = value as? Double, number == 0, let zero = 0.0 as? Value { return zero }
        return value
    }

    mutating func insert(_ value: Value) {
        values.insert(value, at: position(after: value))
    }

    /// Removes one value equal to `value` (under the contract, equal values are the same value).
    mutating func remove(_ value: Value) {
        let index = position(after: value)
        if index > 0, Value.contractCompare(values[index - 1], value) == 0 { values.remove(at: index - 1) }
    }

    /// Where `value` goes: after every value not greater than it.
    private func position(after value: Value) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if Value.contractCompare(value, values[middle]) < 0 { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
