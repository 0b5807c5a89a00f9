import ModelgenRuntimeCore

/// The document changes between two results of a query, as a listener reports them: the
/// documents gone first, then those added or changed in their new order, each a step from the
/// list as it is just before it; a document whose data did not change is not named.
enum SnapshotChanges {
    static func between(_ old: [DocumentSnapshot], _ new: [DocumentSnapshot]) -> [DocumentChange] {
        let newIndex = Dictionary(new.enumerated().map { (PathKey($0.element), $0.offset) }) { first, _ in first }
        var changes: [DocumentChange] = []
        // Each document with its place in `new`, and whether it is there already (unchanged).
        var current: [(document: DocumentSnapshot, target: Int?, settled: Bool)] = old.map { document in
            let target = newIndex[PathKey(document)]
            return (document, target, target.map { new[$0] == document } ?? false)
        }
        while let gone = current.firstIndex(where: { $0.target == nil }) {
            changes.append(.removed(current.remove(at: gone).document, oldIndex: gone))
        }
        for (index, document) in new.enumerated() {
            let from = current.firstIndex { $0.target == index }
            if let from, current[from].settled { continue }
            if let from { current.remove(at: from) }
            // After the last settled document that comes before it in `new`.
            let to = (current.lastIndex { $0.settled && $0.target! < index }).map { $0 + 1 } ?? 0
            current.insert((document, index, true), at: to)
            changes.append(from.map { .modified(document, oldIndex: $0, newIndex: to) } ?? .added(document, newIndex: to))
        }
        return changes
    }
}

/// A document's path as a dictionary key, by code points.
private struct PathKey: Hashable {
    let segments: [[Unicode.Scalar]]

    init(_ document: DocumentSnapshot) {
        segments = document.path.map { Array($0.unicodeScalars) }
    }
}
