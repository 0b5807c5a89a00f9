/// A typed change of one key of a map field, given to `FieldChange.keys(_:)` in a generated
/// update (`reactions: .keys(["👍": .increment(1), "👎": .delete])`): set the key's value, remove
/// the key, or a transform that fits the map's values — increment a number, add to or remove
/// from a list. A key's change applies as Firestore applies one at the field path
/// `reactions.👍`: to a missing key as to a missing field.
public struct KeyChange<Element: FieldCodable>: Sendable {
    /// The change as the store applies it.
    let update: FieldUpdate

    private init(_ update: FieldUpdate) {
        self.update = update
    }

    /// Sets the key to `value`.
    public static func set(_ value: Element) -> Self {
        Self(.value(value.documentValue))
    }

    /// Removes the key; nothing happens if the map does not hold it.
    public static var delete: Self { Self(.delete) }
}

extension KeyChange where Element == Int {
    /// Adds `amount` on the server; a key holding no number is set to it.
    public static func increment(_ amount: Int) -> Self { Self(.increment(amount.documentValue)) }
}

extension KeyChange where Element == Double {
    /// Adds `amount` on the server; a key holding no number is set to it.
    public static func increment(_ amount: Double) -> Self { Self(.increment(amount.documentValue)) }
}

extension KeyChange {
    /// Appends each of `elements` the key's list does not hold yet.
    public static func arrayUnion<Value: FieldCodable>(_ elements: [Value]) -> Self where Element == [Value] {
        Self(.arrayUnion(elements.map { $0.documentValue }))
    }

    /// Removes every element of the key's list equal to one of `elements`.
    public static func arrayRemove<Value: FieldCodable>(_ elements: [Value]) -> Self where Element == [Value] {
        Self(.arrayRemove(elements.map { $0.documentValue }))
    }
}
