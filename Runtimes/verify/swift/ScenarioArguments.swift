// The arguments a scenario's step gives the model's methods, as the generated table takes
// them. Copied verbatim into each run.
import ModelgenRuntimeCore

/// A step's arguments, as the table passes them to the model's methods: a stream's by position,
/// a typed write's by the schema's names. Each is decoded as the type of the parameter it is
/// passed to, which the call infers.
public struct ScenarioArguments: Sendable {
    /// A stream's or a declared write's, in the order of its parameters.
    let values: [DocumentValue]
    /// A typed write's: path parameters, `id`, fields and precondition options.
    let named: [String: ScenarioUpdate]

    init(values: [DocumentValue]) {
        self.values = values
        named = [:]
    }

    init(named entries: [ScenarioEntry<String, ScenarioUpdate>]) throws {
        values = []
        named = try unique(entries.map { ($0.key, $0.value) }, "argument")
    }

    /// `value` decoded as a `T`, or an error naming the argument.
    func decoded<T: FieldCodable>(_ value: DocumentValue, _ argument: String) throws -> T {
        do {
            return try T(documentValue: value)
        } catch {
            throw ScenarioError("argument \(argument) is no \(T.self): \(error)")
        }
    }

    /// A map holding `id` and a document's stored fields, decoded as the document's type.
    private func row<T: DocumentCodable>(_ value: DocumentValue, _ argument: String) throws -> T {
        guard case var .map(data) = value, case let .string(id)? = data.removeValue(forKey: "id") else {
            throw ScenarioError("argument \(argument) is no row: a map with an id")
        }
        do {
            return try T(id: id, data: data)
        } catch {
            throw ScenarioError("argument \(argument) is no \(T.self): \(error)")
        }
    }
}

extension ScenarioArguments {
    /// The stream's argument `index`; one not given is null.
    private func argument(_ index: Int) -> DocumentValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// The stream's argument `index`, as the parameter's type.
    public func value<T: FieldCodable>(_ index: Int) throws -> T {
        try decoded(argument(index), "\(index)")
    }

    /// The stream's argument `index` for a parameter of a collection's type (a cursor's row).
    public func row<T: DocumentCodable>(_ index: Int) throws -> T {
        try row(argument(index), "\(index)")
    }

    /// The stream's argument `index` for an optional parameter of a collection's type: nil for null.
    public func optionalRow<T: DocumentCodable>(_ index: Int) throws -> T? {
        if case .null = argument(index) { return nil }
        return try row(argument(index), "\(index)") as T
    }

    /// As ``optionalRow(_:)``, inferred from an optional parameter.
    public func row<T: DocumentCodable>(_ index: Int) throws -> T? {
        try optionalRow(index)
    }
}

extension ScenarioArguments {
    /// The typed write's argument `name`, which must be a value when given.
    private func namedValue(_ name: String) throws -> DocumentValue? {
        switch named[name] {
        case nil: return nil
        case let .value(value)?: return value
        case let update?: throw ScenarioError("argument \(name) takes a value, not \(update.kind)")
        }
    }

    /// The typed write's argument `name`, nil when it is not given or null: a field with a
    /// default (`?? 0`), the new document's id, a precondition's flag.
    public func value<T: FieldCodable>(_ name: String) throws -> T? {
        guard let value = try namedValue(name) else { return nil }
        if case .null = value { return nil }
        return try decoded(value, name) as T
    }

    /// The typed write's argument `name` for an optional field: `fallback` (the field's default)
    /// when it is not given, nil when it is null.
    public func optional<T: FieldCodable>(_ name: String, or fallback: T? = nil) throws -> T? {
        guard let value = try namedValue(name) else { return fallback }
        if case .null = value { return nil }
        return try decoded(value, name) as T
    }

    /// The typed write's argument `name`, which its method needs (a path parameter, a create's
    /// field with no default, an update's id).
    public func given<T: FieldCodable>(_ name: String) throws -> T {
        guard let value = try namedValue(name) else { throw ScenarioError("argument \(name) is missing") }
        return try decoded(value, name)
    }

    /// The typed write's argument `name` of a collection's type (`unchangedSince`), nil when not given.
    public func row<T: DocumentCodable>(_ name: String) throws -> T? {
        guard let value = try namedValue(name) else { return nil }
        return try row(value, name) as T
    }
}

