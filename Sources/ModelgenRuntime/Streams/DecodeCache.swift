import Foundation

/// The decoded rows of one subscription, by document id and exact stored data: an unchanged
/// document is not decoded again, and a document that fails is reported once per stored version.
final class DecodeCache<Row: DocumentCodable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ContractKey<String>: (data: DocumentData, row: Row?)] = [:]
    private let collection: [String]
    private let onFailure: DecodeFailureHandler

    init(collection: [String], onFailure: @escaping DecodeFailureHandler) {
        self.collection = collection
        self.onFailure = onFailure
    }

    /// The rows of `snapshots` that decode, in order.
    func rows(_ snapshots: [DocumentSnapshot]) -> [Row] {
        lock.lock()
        defer { lock.unlock() }
        var next: [ContractKey<String>: (data: DocumentData, row: Row?)] = [:]
        next.reserveCapacity(snapshots.count)
        var rows: [Row] = []
        rows.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            let row: Row?
            let id = ContractKey(snapshot.id)
            if let cached = entries[id], DocumentValue.identical(cached.data, snapshot.data) {
                row = cached.row
            } else {
                do {
                    row = try Row(id: snapshot.id, data: snapshot.data)
                } catch {
                    row = nil
                    onFailure(DecodeFailure(path: collection + [snapshot.id], error: error))
                }
            }
            next[id] = (snapshot.data, row)
            if let row { rows.append(row) }
        }
        entries = next
        return rows
    }
}

extension DocumentValue {
    /// Whether two values are stored exactly alike: same types, same bits, same code points.
    /// Stricter than `==`, which compares numbers as numbers.
    static func identical(_ lhs: DocumentValue, _ rhs: DocumentValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null), (.serverTimestamp, .serverTimestamp): true
        case let (.bool(l), .bool(r)): l == r
        case let (.int(l), .int(r)): l == r
        case let (.double(l), .double(r)): l.bitPattern == r.bitPattern
        case let (.timestamp(l), .timestamp(r)): l == r
        case let (.string(l), .string(r)): CodePoints.equal(l, r)
        case let (.array(l), .array(r)): l.count == r.count && zip(l, r).allSatisfy { identical($0, $1) }
        case let (.map(l), .map(r)): identical(l, r)
        default: false
        }
    }

    static func identical(_ lhs: DocumentData, _ rhs: DocumentData) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs.value(forExactKey: key).map { identical(value, $0) } ?? false }
    }
}
