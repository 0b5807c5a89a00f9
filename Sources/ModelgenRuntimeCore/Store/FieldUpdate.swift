/// What an update does to one field: set a value, or one of Firestore's field transforms
/// (`FieldValue.delete()`, `increment`, `arrayUnion`, `arrayRemove`).
///
/// Transforms apply to the stored value as Firestore's server does (`DocumentTransform.FieldTransform`
/// in its API): an increment of a field that holds no number sets the operand; an array union or
/// removal of a field that holds no array starts from an empty one; array elements are compared
/// as the contract compares values (`1` equals `1.0`, NaN equals NaN, `-0.0` equals `0.0`).
public enum FieldUpdate: Hashable, Sendable {
    /// Sets the field (``DocumentValue/serverTimestamp`` asks the server for its time).
    case value(DocumentValue)
    /// Removes the field; nothing happens if it is not there.
    case delete
    /// Adds an int or a double: ints add as ints (saturating at the bounds of 64 bits), anything
    /// with a double as doubles.
    case increment(DocumentValue)
    /// Appends each value the array does not hold yet.
    case arrayUnion([DocumentValue])
    /// Removes every element equal to one of the values.
    case arrayRemove([DocumentValue])
}

extension FieldUpdate {
    /// The field's new value, given its `current` one; nil removes it. Throws
    /// ``StoreError/notANumber(_:)`` for an increment by something else than a number.
    func applied(to current: DocumentValue?, at field: FieldPath) throws -> DocumentValue? {
        switch self {
        case let .value(value):
            return value
        case .delete:
            return nil
        case let .increment(operand):
            return try Self.increment(current, by: operand, at: field)
        case let .arrayUnion(values):
            var result = Self.elements(of: current)
            for value in values where !result.contains(value) { result.append(value) }
            return .array(result)
        case let .arrayRemove(values):
            return .array(Self.elements(of: current).filter { !values.contains($0) })
        }
    }

    private static func increment(_ current: DocumentValue?, by operand: DocumentValue, at field: FieldPath) throws -> DocumentValue {
        switch (current ?? .null, operand) {
        case let (.int(base), .int(operand)):
            let (sum, overflow) = base.addingReportingOverflow(operand)
            return .int(overflow ? (operand > 0 ? .max : .min) : sum)
        case let (.int(base), .double(operand)): return .double(canonical(Double(base) + operand))
        case let (.double(base), .int(operand)): return .double(canonical(base + Double(operand)))
        case let (.double(base), .double(operand)): return .double(canonical(base + operand))
        case (_, .int), (_, .double): return operand
        default: throw StoreError.notANumber(field)
        }
    }

    /// The sum as Firestore stores it: every NaN as the one canonical NaN (∞ + −∞ has its sign
    /// bit set on x86-64 and ARM).
    private static func canonical(_ sum: Double) -> Double {
        sum.isNaN ? .nan : sum
    }

    private static func elements(of value: DocumentValue?) -> [DocumentValue] {
        if case let .array(values)? = value { values } else { [] }
    }

    /// The first two fields of which one is the other or holds it (`a` and `a.b`), which one
    /// update may not name together.
    static func overlap(in fields: some Collection<FieldPath>) -> (FieldPath, FieldPath)? {
        let sorted = fields.sorted { CodePoints.less($0.description, $1.description) }
        for (index, field) in sorted.enumerated() {
            for other in sorted[(index + 1)...] where other.keys.starts(with: field.keys, by: CodePoints.equal) {
                return (field, other)
            }
        }
        return nil
    }
}

extension DocumentData {
    /// Applies one field's update at a path of keys: a value or transform result is set,
    /// creating maps on the way as Firestore's update does; a delete removes the last key if
    /// the maps on the way are there.
    mutating func apply(_ update: FieldUpdate, at field: FieldPath) throws {
        let current = value(at: field.keys)
        if let new = try update.applied(to: current, at: field) {
            set(new, at: field.keys)
        } else {
            removeValue(at: field.keys)
        }
    }

    /// Applies one field's part of a set with merge: a map with entries is merged key by key, as
    /// Firestore's set with merge merges maps; anything else applies as in an update.
    mutating func merge(_ update: FieldUpdate, at field: FieldPath) throws {
        guard case let .value(.map(fields)) = update, !fields.isEmpty else { return try apply(update, at: field) }
        for (key, value) in fields { try merge(.value(value), at: FieldPath(field.keys + [key])) }
    }

    private func value(at keys: [String]) -> DocumentValue? {
        guard let first = keys.first, let value = value(forExactKey: first) else { return nil }
        guard keys.count > 1 else { return value }
        guard case let .map(fields) = value else { return nil }
        return fields.value(at: Array(keys.dropFirst()))
    }

    private mutating func removeValue(at keys: [String]) {
        guard let first = keys.first else { return }
        guard keys.count > 1 else {
            if let index = index(forKey: first), CodePoints.equal(self[index].key, first) { remove(at: index) }
            return
        }
        guard case var .map(fields)? = value(forExactKey: first) else { return }
        fields.removeValue(at: Array(keys.dropFirst()))
        self[first] = .map(fields)
    }

    /// Sets the value at a path of keys, creating maps on the way as Firestore's update does.
    mutating func set(_ value: DocumentValue, at keys: [String]) {
        guard let first = keys.first else { return }
        guard keys.count > 1 else {
            self[first] = value
            return
        }
        var inner: DocumentData = if case let .map(fields)? = self.value(forExactKey: first) { fields } else { [:] }
        inner.set(value, at: Array(keys.dropFirst()))
        self[first] = .map(inner)
    }
}
