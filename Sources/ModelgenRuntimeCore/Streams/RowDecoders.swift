import Foundation

/// The rows of one query listener, kept up to date from each snapshot's changes: a document
/// is decoded when it is added or its data changes, so a snapshot costs what changed in it.
/// A document that does not decode is left out and reported once per stored content, even
/// if it leaves the result and comes back.
package final class QueryDecoder<Row: DocumentRow & Equatable>: @unchecked Sendable {
    private let lock = NSLock()
    private var decoder: ReportingDecoder<Row>
    private var rows: [Row] = []
    /// The indices, among the snapshot's documents, of those that did not decode; ascending.
    private var failures: [Int] = []
    private var hasEmitted = false
    /// The rows last returned: a snapshot's changes can undo each other.
    private var emitted: [Row] = []

    package init(collection: [String], onFailure: @escaping DecodeFailureHandler) {
        decoder = ReportingDecoder(collection: collection, onFailure: onFailure)
    }

    /// The rows after `snapshot`, or nil when they are the rows last returned.
    package func rows(after snapshot: QuerySnapshot) -> [Row]? {
        lock.lock()
        defer { lock.unlock() }
        var changed = !hasEmitted
        var (rowAdded, rowRemoved) = (false, false)
        for change in snapshot.changes {
            switch change {
            case let .added(document, newIndex):
                if insert(document, at: newIndex) != nil { (changed, rowAdded) = (true, true) }
            case let .removed(_, oldIndex):
                if remove(at: oldIndex) != nil { (changed, rowRemoved) = (true, true) }
            case let .modified(document, oldIndex, newIndex) where oldIndex == newIndex:
                changed = replace(at: oldIndex, with: document) || changed
            case let .modified(document, oldIndex, newIndex):
                // A document that moves past only failed ones keeps its row's place.
                switch (remove(at: oldIndex), insert(document, at: newIndex)) {
                case (nil, nil): break
                case let (removed?, inserted?) where removed.index == inserted && removed.row == rows[inserted]: break
                default: changed = true
                }
            }
        }
        // A row added and removed again in one snapshot (pushed out of a `limit` by a document
        // before it that does not decode) leaves the rows as they were: no emission.
        guard changed, !(hasEmitted && rowAdded && rowRemoved && rows == emitted) else { return nil }
        hasEmitted = true
        emitted = rows
        return rows
    }

    /// Where the document's row went, or nil when it did not decode.
    private func insert(_ document: DocumentSnapshot, at index: Int) -> Int? {
        let position = failurePosition(index)
        for later in position..<failures.count { failures[later] += 1 }
        guard let row = decoder.decode(document) else {
            failures.insert(index, at: position)
            return nil
        }
        rows.insert(row, at: index - position)
        return index - position
    }

    /// The document's row and where it was, or nil when it had not decoded.
    private func remove(at index: Int) -> (row: Row, index: Int)? {
        let position = failurePosition(index)
        let failed = position < failures.count && failures[position] == index
        let removed = failed ? nil : (rows.remove(at: index - position), index - position)
        if failed { failures.remove(at: position) }
        for later in position..<failures.count { failures[later] -= 1 }
        return removed
    }

    /// Whether the rows changed.
    private func replace(at index: Int, with document: DocumentSnapshot) -> Bool {
        let position = failurePosition(index)
        let failed = position < failures.count && failures[position] == index
        switch (failed, decoder.decode(document)) {
        case (true, nil):
            return false
        case let (true, row?):
            failures.remove(at: position)
            rows.insert(row, at: index - position)
        case (false, nil):
            rows.remove(at: index - position)
            failures.insert(index, at: position)
        case let (false, row?):
            guard rows[index - position] != row else {
                // Equal under the contract, but maybe stored in another form (0.0 for -0.0): the
                // next emission carries the form the store holds now, as Firestore's would.
                if !DocumentValue.identical(rows[index - position].documentData, row.documentData) { rows[index - position] = row }
                return false
            }
            rows[index - position] = row
        }
        return true
    }

    /// How many failed documents come before `index`: where `index` is or belongs in `failures`.
    private func failurePosition(_ index: Int) -> Int {
        var low = 0, high = failures.count
        while low < high {
            let middle = (low + high) / 2
            if failures[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Decodes the documents of one collection or collection group, reporting a document that does
/// not decode once per stored content: again only after it decoded or its content changed.
package struct ReportingDecoder<Row: DocumentRow> {
    private let collection: [String]
    private let onFailure: DecodeFailureHandler
    /// The content last reported for each document that failed and has not decoded since.
    private var reported: [ContractKey<String>: DocumentData] = [:]

    package init(collection: [String], onFailure: @escaping DecodeFailureHandler) {
        self.collection = collection
        self.onFailure = onFailure
    }

    package mutating func decode(_ document: DocumentSnapshot) -> Row? {
        do {
            let row = try Row(document: document)
            if !reported.isEmpty { reported[key(path(of: document))] = nil }
            return row
        } catch {
            let path = path(of: document)
            let key = key(path)
            if let data = reported[key], DocumentValue.identical(data, document.data) { return nil }
            reported[key] = document.data
            onFailure(DecodeFailure(path: path, error: error))
            return nil
        }
    }

    /// A collection group's documents share ids across collections: they go by path.
    private func path(of document: DocumentSnapshot) -> [String] {
        document.parent.isEmpty ? collection + [document.id] : document.path
    }

    private func key(_ path: [String]) -> ContractKey<String> {
        ContractKey(path.joined(separator: "/"))
    }
}

/// The row of one document listener: decoded again only when the stored data changes, and a
/// document that does not decode is nil and reported once per stored version.
package final class DocumentDecoder<Row: DocumentCodable>: @unchecked Sendable {
    private let lock = NSLock()
    private let collection: [String]
    private let onFailure: DecodeFailureHandler
    private var last: (document: DocumentSnapshot, row: Row?)?

    package init(collection: [String], onFailure: @escaping DecodeFailureHandler) {
        self.collection = collection
        self.onFailure = onFailure
    }

    package func row(_ document: DocumentSnapshot?) -> Row? {
        lock.lock()
        defer { lock.unlock() }
        guard let document else {
            last = nil
            return nil
        }
        if let last, last.document == document { return last.row }
        do {
            let row = try Row(id: document.id, data: document.data)
            last = (document, row)
            return row
        } catch {
            onFailure(DecodeFailure(path: collection + [document.id], error: error))
            last = (document, nil)
            return nil
        }
    }
}
