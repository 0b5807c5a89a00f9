/// Firestore's limits on a stored document ("Usage and limits", "Constraints on collections,
/// documents, and fields"), checked on each document a commit would leave, before anything is
/// stored, as Firestore's server refuses the whole commit: its storage size (computed as "Storage
/// size calculations" says) at most 1 MiB, a string's or bytes' value at most 1,048,487 bytes,
/// maps and arrays at most 20 levels deep, a field's path at most 1,500 bytes. Firestore's
/// emulator holds each at exactly these numbers (vector `document-limits.yaml`).
enum DocumentLimits {
    static let maximumDocumentSize = 1_048_576
    static let maximumValueSize = 1_048_487
    static let maximumDepth = 20
    static let maximumFieldPathSize = 1_500
    /// "Maximum API request size: 10 MiB", which bounds a commit (a batch or a transaction's
    /// writes) since Firestore took any number of writes in one (release notes, 2023-03-29).
    static let maximumRequestSize = 10_485_760

    /// Throws the ``StoreError`` for the first limit `document` breaks: its fields in code-point
    /// order, each path, value and depth; then its size.
    static func check(_ document: DocumentSnapshot) throws {
        for key in document.data.keys.sorted(by: CodePoints.less) {
            let value = document.data[key]!
            try check(value, at: FieldPath([key]))
            guard depth(of: value) <= maximumDepth else { throw StoreError.tooDeep(FieldPath([key])) }
        }
        guard size(of: document) <= maximumDocumentSize else { throw StoreError.documentTooLarge(document.path) }
    }

    /// Throws ``StoreError/requestTooLarge`` when `writes` come to more than Firestore takes in
    /// one request: each write's document name and what it sends, a set's fields or an update's
    /// field paths and values, sized as "Storage size calculations" sizes documents — for the
    /// strings and bytes that make a request large, their length, as on the wire.
    static func checkRequest(_ writes: [DocumentWrite]) throws {
        guard writes.reduce(0, { $0 + requestSize(of: $1) }) <= maximumRequestSize else { throw StoreError.requestTooLarge }
    }

    private static func requestSize(of write: DocumentWrite) -> Int {
        switch write {
        case let .set(path, data, _): nameSize(path) + size(of: data)
        case let .update(path, fields, _), let .merge(path, fields): fields.reduce(nameSize(path)) { $0 + pathSize($1.key) + size(of: $1.value) }
        case let .delete(path, _, _): nameSize(path)
        }
    }

    private static func size(of update: FieldUpdate) -> Int {
        switch update {
        case let .value(value), let .increment(value): size(of: value)
        case .delete: 0
        case let .arrayUnion(values), let .arrayRemove(values): values.reduce(0) { $0 + size(of: $1) }
        }
    }

    /// A field path's size: its names' UTF-8 bytes and a dot between each.
    private static func pathSize(_ field: FieldPath) -> Int {
        field.keys.reduce(field.keys.count - 1) { $0 + $1.utf8.count }
    }

    /// Whether a field path is short enough: its names' UTF-8 bytes and a dot between each.
    static func isShortEnough(_ field: FieldPath) -> Bool {
        pathSize(field) <= maximumFieldPathSize
    }

    private static func check(_ value: DocumentValue, at field: FieldPath) throws {
        guard isShortEnough(field) else { throw StoreError.fieldPathTooLong(field) }
        switch value {
        case let .string(string) where string.utf8.count > maximumValueSize:
            throw StoreError.valueTooLarge(field)
        case let .bytes(data) where data.count > maximumValueSize:
            throw StoreError.valueTooLarge(field)
        case let .array(values):
            for value in values { try check(value, at: field) }
        case let .map(fields):
            for key in fields.keys.sorted(by: CodePoints.less) { try check(fields[key]!, at: FieldPath(field.keys + [key])) }
        default:
            break
        }
    }

    /// How many maps and arrays hold the deepest value: a map is a level even when empty, an
    /// array only through its elements (the emulator stores an empty array at depth 21, and
    /// refuses an empty map there).
    private static func depth(of value: DocumentValue) -> Int {
        switch value {
        case let .array(values): values.map { 1 + depth(of: $0) }.max() ?? 0
        case let .map(fields): 1 + (fields.values.map(depth(of:)).max() ?? 0)
        default: 0
        }
    }

    /// The document's storage size: its name's, each field's name and value, and 32 bytes.
    private static func size(of document: DocumentSnapshot) -> Int {
        nameSize(document.path) + size(of: document.data) + 32
    }

    /// A document name's size: each id's UTF-8 bytes and one, and 16 bytes.
    private static func nameSize(_ path: [String]) -> Int {
        path.reduce(16) { $0 + $1.utf8.count + 1 }
    }

    private static func size(of fields: DocumentData) -> Int {
        fields.reduce(0) { $0 + $1.key.utf8.count + 1 + size(of: $1.value) }
    }

    private static func size(of value: DocumentValue) -> Int {
        switch value {
        case .null, .bool: 1
        case .int, .double, .timestamp, .serverTimestamp: 8
        case .geoPoint: 16
        case let .string(string): string.utf8.count + 1
        case let .bytes(data): data.count
        case let .reference(path): nameSize(path)
        case let .array(values): values.reduce(0) { $0 + size(of: $1) }
        case let .map(fields): size(of: fields)
        }
    }
}
