extension Array {
    /// The first element for each value of `key`, in order; keys compare under the contract.
    public func distinctRows<Key: ContractEquatable>(by key: (Element) -> Key) -> [Element] {
        var seen = Set<ContractKey<Key>>()
        return filter { seen.insert(ContractKey(key($0))).inserted }
    }
}

/// A value as a dictionary key under the contract's equality and hashing.
public struct ContractKey<Value: ContractEquatable>: Hashable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public static func == (lhs: ContractKey, rhs: ContractKey) -> Bool {
        Value.contractEqual(lhs.value, rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        value.contractHash(into: &hasher)
    }
}

extension ContractKey: Sendable where Value: Sendable {}
