import Foundation

/// A typed change of one field of a generated update (`updateMessage(…, likeCount: .increment(1))`):
/// set a value, or a transform that fits the field's type — delete an optional field, a server
/// timestamp for a timestamp field, increment a number, add to or remove from a list, change
/// some keys of a map.
public struct FieldChange<Value: FieldCodable>: Sendable {
    /// The change as the store applies it: updates by path below the field, `[]` the field
    /// itself and `[key]` one key of a map.
    public let updates: [FieldPath: FieldUpdate]

    private init(_ update: FieldUpdate) {
        updates = [[]: update]
    }

    private init<Element>(keys changes: [String: KeyChange<Element>]) {
        updates = Dictionary(uniqueKeysWithValues: changes.map { key, change in (FieldPath([key]), change.update) })
    }

    /// Sets the field to `value`.
    public static func set(_ value: Value) -> Self {
        Self(.value(value.documentValue))
    }
}

extension FieldChange where Value: ExpressibleByNilLiteral {
    /// Removes the field: an optional field reads nil.
    public static var delete: Self { Self(.delete) }
}

extension FieldChange where Value == Timestamp? {
    /// The server's time when the write reaches it; nil until then.
    public static var serverTimestamp: Self { Self(.value(.serverTimestamp)) }
}

extension FieldChange where Value == Int {
    /// Adds `amount` on the server, whatever the field holds then.
    public static func increment(_ amount: Int) -> Self { Self(.increment(amount.documentValue)) }
}

extension FieldChange where Value == Int? {
    /// Adds `amount` on the server; a field holding no number is set to it.
    public static func increment(_ amount: Int) -> Self { Self(.increment(amount.documentValue)) }
}

extension FieldChange where Value == Double {
    /// Adds `amount` on the server, whatever the field holds then.
    public static func increment(_ amount: Double) -> Self { Self(.increment(amount.documentValue)) }
}

extension FieldChange where Value == Double? {
    /// Adds `amount` on the server; a field holding no number is set to it.
    public static func increment(_ amount: Double) -> Self { Self(.increment(amount.documentValue)) }
}

extension FieldChange {
    /// Appends each of `elements` the list does not hold yet.
    public static func arrayUnion<Element: FieldCodable>(_ elements: [Element]) -> Self where Value == [Element] {
        Self(.arrayUnion(elements.map { $0.documentValue }))
    }

    /// Removes every element equal to one of `elements`.
    public static func arrayRemove<Element: FieldCodable>(_ elements: [Element]) -> Self where Value == [Element] {
        Self(.arrayRemove(elements.map { $0.documentValue }))
    }

    /// Appends each of `elements` the list does not hold yet; a field holding no list is set to them.
    public static func arrayUnion<Element: FieldCodable>(_ elements: [Element]) -> Self where Value == [Element]? {
        Self(.arrayUnion(elements.map { $0.documentValue }))
    }

    /// Removes every element equal to one of `elements`; a field holding no list is set to an empty one.
    public static func arrayRemove<Element: FieldCodable>(_ elements: [Element]) -> Self where Value == [Element]? {
        Self(.arrayRemove(elements.map { $0.documentValue }))
    }

    /// Changes the given keys of a map, each alone, keeping its other keys, as Firestore's
    /// dotted field paths do: `.keys(["👍": .increment(1), "👎": .delete])`.
    public static func keys<Element>(_ changes: [String: KeyChange<Element>]) -> Self where Value == [String: Element] {
        Self(keys: changes)
    }

    /// Changes the given keys of a map, each alone, keeping its other keys; a field holding no
    /// map becomes a map of the keys set.
    public static func keys<Element>(_ changes: [String: KeyChange<Element>]) -> Self where Value == [String: Element]? {
        Self(keys: changes)
    }
}

extension DocumentWrite {
    /// An update of the fields whose change is given; nil changes are left out. With
    /// `unchangedSince`, only of a document that still reads as that value.
    public static func update(
        _ path: [String], changing changes: KeyValuePairs<FieldPath, [FieldPath: FieldUpdate]?>, unchangedSince: ReadDocument? = nil
    ) -> DocumentWrite {
        .update(path, given(changes), unchangedSince: unchangedSince)
    }

    /// A set with merge of the fields whose change is given; nil changes are left out.
    public static func merge(_ path: [String], changing changes: KeyValuePairs<FieldPath, [FieldPath: FieldUpdate]?>) -> DocumentWrite {
        .merge(path, given(changes))
    }

    /// Each change's updates at its field's path followed by their own.
    private static func given(_ changes: KeyValuePairs<FieldPath, [FieldPath: FieldUpdate]?>) -> [FieldPath: FieldUpdate] {
        let updates = changes.flatMap { field, updates in
            (updates ?? [:]).map { below, update in (FieldPath(field.keys + below.keys), update) }
        }
        return Dictionary(updates) { first, _ in first }
    }

    /// The id of the document written: the path's last segment.
    public var documentID: String { path.last ?? "" }
}

/// Document ids made on the client, as Firestore's SDKs make them: 20 characters from
/// `A–Z a–z 0–9`, random enough that two clients never pick the same.
public enum DocumentID {
    private static let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// A new document id.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in characters.randomElement(using: &generator)! })
    }
}
