// The changes of an update's fields, made from a typed write's arguments as each field's type
// takes them. Copied verbatim into each run.
import ModelgenRuntimeCore

extension DocumentValue {
    /// Whether the value asks for the server's time, which a field's change asks as such.
    fileprivate var isServerTimestamp: Bool {
        if case .serverTimestamp = self { true } else { false }
    }
}

extension ScenarioArguments {
    /// The change of an update's field `name` (`text: try arguments.change("text")`), nil when
    /// not given: a value sets it; a delete, a server timestamp, an increment, an array union
    /// or removal, changes of keys make the change the field's type takes. One the type cannot
    /// take is an error, as it is a compiled runner's compile error.
    public func change<Value: FieldCodable>(_ name: String) throws -> FieldChange<Value>? {
        guard let update = named[name] else { return nil }
        if case let .value(value) = update, !value.isServerTimestamp { return .set(try decoded(value, name)) }
        let change = try (Value.self as? any Transforms.Type)?.fieldChange(update, name, self)
        if let change = change as? FieldChange<Value> { return change }
        throw ScenarioError("field \(name), of type \(Value.self), cannot take \(update.kind)")
    }

    /// The change of one key of map field `name`, whose values are `Element`s.
    fileprivate func keyChange<Element: FieldCodable>(_ update: ScenarioUpdate, _ name: String) throws -> KeyChange<Element> {
        switch update {
        case let .value(value) where !value.isServerTimestamp: return .set(try decoded(value, name))
        case .delete: return .delete
        default:
            let change = try (Element.self as? any Transforms.Type)?.keyChange(update, name, self)
            if let change = change as? KeyChange<Element> { return change }
        }
        throw ScenarioError("a key of field \(name), of type \(Element.self), cannot take \(update.kind)")
    }

    /// An operand of argument `name`: an increment's, an element of an array union or removal.
    fileprivate func operand<T: FieldCodable>(_ value: DocumentValue, _ name: String) throws -> T {
        try decoded(value, name)
    }
}

/// A field type that takes more changes than a value: the change `update` asks, as
/// `FieldChange`'s and `KeyChange`'s constructors make it for the type, or nil when the type
/// cannot take it. (Found at run time, so that one generic `change` serves every field type.)
private protocol Transforms: FieldCodable {
    /// A `FieldChange<Self>`.
    static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any?
    /// A `FieldChange<Self?>`, of an optional field of the type.
    static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any?
    /// A `KeyChange<Self>`, of a key of a map of the type.
    static func keyChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any?
}

extension Transforms {
    static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? { nil }
    static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? { nil }
    static func keyChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? { nil }
}

/// An optional field is deleted, and takes what its type takes.
extension Optional: Transforms where Wrapped: FieldCodable {
    fileprivate static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        if case .delete = update { return FieldChange<Wrapped?>.delete }
        return try (Wrapped.self as? any Transforms.Type)?.optionalFieldChange(update, name, arguments)
    }
}

/// A timestamp field is set to the server's time, when optional: nil until the server sets it.
extension Timestamp: Transforms {
    fileprivate static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        if case .value(.serverTimestamp) = update { return FieldChange<Timestamp?>.serverTimestamp }
        return nil
    }
}

/// An int field, or key, is incremented.
extension Int: Transforms {
    fileprivate static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        guard case let .increment(amount) = update else { return nil }
        return FieldChange<Int>.increment(try arguments.operand(amount, name))
    }

    fileprivate static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        guard case let .increment(amount) = update else { return nil }
        return FieldChange<Int?>.increment(try arguments.operand(amount, name))
    }

    fileprivate static func keyChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        guard case let .increment(amount) = update else { return nil }
        return KeyChange<Int>.increment(try arguments.operand(amount, name))
    }
}

/// A double field, or key, is incremented (by an int too).
extension Double: Transforms {
    fileprivate static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        guard case let .increment(amount) = update else { return nil }
        return FieldChange<Double>.increment(try arguments.operand(amount, name))
    }

    fileprivate static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        guard case let .increment(amount) = update else { return nil }
        return FieldChange<Double?>.increment(try arguments.operand(amount, name))
    }

    fileprivate static func keyChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        guard case let .increment(amount) = update else { return nil }
        return KeyChange<Double>.increment(try arguments.operand(amount, name))
    }
}

/// A list field, or key, takes an array union or removal.
extension Array: Transforms where Element: FieldCodable {
    /// The elements of an array union (`true`) or removal (`false`).
    private static func elements(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> (union: Bool, elements: [Element])? {
        switch update {
        case let .arrayUnion(values): (true, try values.map { try arguments.operand($0, name) })
        case let .arrayRemove(values): (false, try values.map { try arguments.operand($0, name) })
        default: nil
        }
    }

    fileprivate static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        try elements(update, name, arguments).map { $0.union ? FieldChange<Self>.arrayUnion($0.elements) : .arrayRemove($0.elements) }
    }

    fileprivate static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        try elements(update, name, arguments).map { $0.union ? FieldChange<Self?>.arrayUnion($0.elements) : .arrayRemove($0.elements) }
    }

    fileprivate static func keyChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        try elements(update, name, arguments).map { $0.union ? KeyChange<Self>.arrayUnion($0.elements) : .arrayRemove($0.elements) }
    }
}

/// A map field takes changes of some of its keys, each as its values take it.
extension Dictionary: Transforms where Key == String, Value: FieldCodable {
    private static func keyChanges(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> [String: KeyChange<Value>]? {
        guard case let .keys(changes) = update else { return nil }
        return try changes.mapValues { try arguments.keyChange($0, name) }
    }

    fileprivate static func fieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        try keyChanges(update, name, arguments).map { FieldChange<Self>.keys($0) }
    }

    fileprivate static func optionalFieldChange(_ update: ScenarioUpdate, _ name: String, _ arguments: ScenarioArguments) throws -> Any? {
        try keyChanges(update, name, arguments).map { FieldChange<Self?>.keys($0) }
    }
}
