import ModelgenRuntimeCore

/// Writes as the Firebase SDKs send them (firebase-js-sdk remote/serializer.ts, `toMutation`):
/// a set replaces the document; an update names its fields in a mask and needs the document; a
/// merge names the leaf fields of its maps; increments and array unions and removals are
/// field transforms.
struct EmulatorWrites {
    let values: EmulatorValues

    /// The write, with the precondition a transaction gives it (`exists`, `updateTime`), else its
    /// own: an update's, a create-only set's or a must-exist delete's.
    func json(_ write: DocumentWrite, precondition: JSON? = nil) -> JSON {
        let precondition = precondition ?? Self.ownPrecondition(write)
        switch write {
        case let .set(path, data, _):
            return .object([("update", .object([("name", .string(values.name(path))), ("fields", values.fields(data))]))] + condition(precondition))
        case let .update(path, fields, _):
            return patch(path, fields.map { ($0.key, $0.value) }, precondition: precondition)
        case let .merge(path, fields):
            return patch(path, fields.flatMap { Self.leaves($0.key, $0.value) }, precondition: precondition)
        case let .delete(path, _, _):
            return .object([("delete", .string(values.name(path)))] + condition(precondition))
        }
    }

    /// What the write needs of its document: an update or a must-exist delete, that it exists; a
    /// create-only set, that it does not.
    private static func ownPrecondition(_ write: DocumentWrite) -> JSON? {
        switch write {
        case .update: .object([("exists", .bool(true))])
        case let .set(_, _, mustNotExist): mustNotExist ? .object([("exists", .bool(false))]) : nil
        case let .delete(_, mustExist, _): mustExist ? .object([("exists", .bool(true))]) : nil
        case .merge: nil
        }
    }

    /// A `verify` write: the transaction's read of `path` still holds when it commits.
    func verify(_ path: [String], precondition: JSON) -> JSON {
        .object([("verify", .string(values.name(path))), ("currentDocument", precondition)])
    }

    private func patch(_ path: [String], _ fields: [(FieldPath, FieldUpdate)], precondition: JSON?) -> JSON {
        var data: DocumentData = [:], mask: [FieldPath] = [], transforms: [JSON] = []
        for (field, update) in fields.sorted(by: { FieldPath.precedes($0.0, $1.0) }) {
            switch update {
            case let .value(value):
                Self.insert(value, at: field.keys, into: &data)
                mask.append(field)
            case .delete: mask.append(field)
            case let .increment(operand): transforms.append(transform(field, "increment", values.json(operand)))
            case let .arrayUnion(elements): transforms.append(transform(field, "appendMissingElements", .object([("values", .array(elements.map(values.json)))])))
            case let .arrayRemove(elements): transforms.append(transform(field, "removeAllFromArray", .object([("values", .array(elements.map(values.json)))])))
            }
        }
        var write: [(String, JSON)] = [
            ("update", .object([("name", .string(values.name(path))), ("fields", values.fields(data))])),
            ("updateMask", .object([("fieldPaths", .array(mask.map { .string(EmulatorQuery.fieldPath($0)) }))])),
        ]
        if !transforms.isEmpty { write.append(("updateTransforms", .array(transforms))) }
        return .object(write + condition(precondition))
    }

    private func transform(_ field: FieldPath, _ kind: String, _ operand: JSON) -> JSON {
        .object([("fieldPath", .string(EmulatorQuery.fieldPath(field))), (kind, operand)])
    }

    private func condition(_ precondition: JSON?) -> [(String, JSON)] {
        precondition.map { [("currentDocument", $0)] } ?? []
    }

    /// The fields a merge sets: a non-empty map's leaves, each by its full path (an empty map is one).
    private static func leaves(_ field: FieldPath, _ update: FieldUpdate) -> [(FieldPath, FieldUpdate)] {
        guard case let .value(.map(fields)) = update, !fields.isEmpty else { return [(field, update)] }
        return fields.flatMap { leaves(FieldPath(field.keys + [$0.key]), .value($0.value)) }
    }

    private static func insert(_ value: DocumentValue, at keys: [String], into data: inout DocumentData) {
        guard let first = keys.first else { return }
        guard keys.count > 1 else { data[first] = value; return }
        var inner: DocumentData = if case let .map(fields)? = data[first] { fields } else { [:] }
        insert(value, at: Array(keys.dropFirst()), into: &inner)
        data[first] = .map(inner)
    }
}

extension DocumentValue {
    /// Whether a server timestamp is in the value, at any depth.
    var holdsServerTimestamp: Bool {
        switch self {
        case .serverTimestamp: true
        case let .array(values): values.contains(where: \.holdsServerTimestamp)
        case let .map(fields): fields.values.contains(where: \.holdsServerTimestamp)
        default: false
        }
    }
}

extension DocumentWrite {
    /// Whether the write sets a server timestamp anywhere.
    var holdsServerTimestamp: Bool {
        switch self {
        case let .set(_, data, _): data.values.contains(where: \.holdsServerTimestamp)
        case let .update(_, fields, _), let .merge(_, fields):
            fields.values.contains { if case let .value(value) = $0 { value.holdsServerTimestamp } else { false } }
        case .delete: false
        }
    }
}
