/// One group of a grouped aggregate (`{ count: tasks, by: status }`): a value of the key and
/// the aggregate of the rows that have it.
public struct Grouped<Key: ContractOrdered & Hashable & Sendable, Value: ContractEquatable & Hashable & Sendable>: Hashable, Sendable, ContractEquatable {
    public var key: Key
    public var value: Value

    public init(key: Key, value: Value) {
        self.key = key
        self.value = value
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        Key.contractEqual(lhs.key, rhs.key) && Value.contractEqual(lhs.value, rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        key.contractHash(into: &hasher)
        value.contractHash(into: &hasher)
    }
}

/// The value one row adds to a grouped aggregate: its key and what it adds to its group.
public struct KeyedValue<Key: Sendable, Value: Sendable>: Sendable {
    let key: Key
    let value: Value
}

/// An aggregate for each value of a key: a group exists while a row adds to it; the groups come
/// in the contract's order of their keys (strings by code point), so that every language lists
/// them alike and two strings with the same look but other code points stay apart.
public struct GroupedState<Key: ContractOrdered & Hashable & Sendable, Inner: AggregateState>: AggregateState where Inner.GroupValue: Hashable {
    private var groups: [ContractKey<Key>: (state: Inner, size: Int)] = [:]

    public init() {}

    public mutating func add(_ value: KeyedValue<Key, Inner.Value>) {
        let key = ContractKey(value.key)
        var group = groups[key] ?? (Inner(), 0)
        group.state.add(value.value)
        group.size += 1
        groups[key] = group
    }

    public mutating func remove(_ value: KeyedValue<Key, Inner.Value>) {
        let key = ContractKey(value.key)
        guard var group = groups[key] else { return }
        group.state.remove(value.value)
        group.size -= 1
        groups[key] = group.size == 0 ? nil : group
    }

    public func result() throws -> [Grouped<Key, Inner.GroupValue>] {
        try groups.sorted { Key.contractCompare($0.key.value, $1.key.value) < 0 }
            .map { Grouped(key: $0.key.value, value: try $0.value.state.groupResult()) }
    }
}

extension Aggregate {
    /// `aggregate` for each value of `key`: rows whose key is nil, or that add nothing to
    /// `aggregate`, are left out.
    public static func grouped<Key, Inner>(by key: @escaping @Sendable (Row) -> Key?, _ aggregate: Aggregate<Row, Inner>) -> Self
    where State == GroupedState<Key, Inner> {
        Self { row in
            guard let key = key(row), let value = aggregate.value(row) else { return nil }
            return KeyedValue(key: key, value: value)
        }
    }
}
