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
/// them alike and two strings with the same look but other code points stay apart. A change
/// costs its group, not every group: a group's result is worked out again only after it changed,
/// and the keys are kept in order as groups come and go.
public struct GroupedState<Key: ContractOrdered & Hashable & Sendable, Inner: AggregateState>: AggregateState where Inner.GroupValue: Hashable {
    private struct Group: Sendable {
        var state = Inner()
        var size = 0
        /// Its result since it last changed; nil until worked out.
        var result: Inner.GroupValue?

        mutating func change(_ value: Inner.Value, adding: Bool) {
            if adding { state.add(value) } else { state.remove(value) }
            size += adding ? 1 : -1
            result = nil
        }
    }

    private var groups: [ContractKey<Key>: Group] = [:]
    /// The keys of the groups, in the contract's order.
    private var keys = SortedValues<Key>()

    public init() {}

    public mutating func add(_ value: KeyedValue<Key, Inner.Value>) {
        let key = ContractKey(value.key)
        if groups[key] == nil { keys.insert(value.key) }
        groups[key, default: Group()].change(value.value, adding: true)
    }

    public mutating func remove(_ value: KeyedValue<Key, Inner.Value>) {
        let key = ContractKey(value.key)
        guard var group = groups.removeValue(forKey: key) else { return }
        group.change(value.value, adding: false)
        if group.size == 0 { keys.remove(value.key) } else { groups[key] = group }
    }

    public mutating func result() throws -> [Grouped<Key, Inner.GroupValue>] {
        try keys.all.map { key in
            let contractKey = ContractKey(key)
            if let result = groups[contractKey]!.result { return Grouped(key: key, value: result) }
            let result = try groups[contractKey]!.state.groupResult()
            groups[contractKey]!.result = result
            return Grouped(key: key, value: result)
        }
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
