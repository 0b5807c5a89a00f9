/// A query's result kept up to date one document at a time: a change costs a binary search
/// and an array insertion rather than running the query again.
///
/// A `limitToLast` query is kept as its ``StoreQuery/flipped`` one, whose first documents are the
/// last of this one: ``documents`` reverses them, and each change's indices count from the end.
final class QueryView {
    /// The query kept: the one asked for, or its flipped form for `limitToLast`.
    let query: StoreQuery
    /// Whether ``query`` is flipped, so that ``documents`` and changes are reversed.
    private let isReversed: Bool
    /// The query's order, implicit keys included (``StoreQuery/normalizedOrderBy``).
    private let order: [QueryOrder]
    /// Every document the query keeps, in query order, before `limit`.
    private var all: [DocumentSnapshot]
    /// The first `limit` of them, when the query has a limit.
    private var window: [DocumentSnapshot] = []

    init(_ asked: StoreQuery, over documents: some Sequence<DocumentSnapshot>) {
        isReversed = asked.limitToLast != nil
        let query = isReversed ? asked.flipped : asked
        self.query = query
        order = query.normalizedOrderBy
        var unlimited = query
        unlimited.limit = nil
        all = QueryEngine.run(unlimited, over: documents)
        if let limit = query.limit { window = Array(all.prefix(max(0, limit))) }
    }

    /// The query's result.
    var documents: [DocumentSnapshot] {
        let kept = query.limit == nil ? all : window
        return isReversed ? kept.reversed() : kept
    }

    /// Takes in a change to one document of the collection (nil: there is none) and returns the
    /// steps it made to ``documents``.
    func update(from old: DocumentSnapshot?, to new: DocumentSnapshot?) -> [DocumentChange] {
        guard isReversed else { return steps(from: old, to: new) }
        // Each step's indices, counted from the end of the window as it is at that step.
        var count = window.count
        return steps(from: old, to: new).map { step in
            switch step {
            case let .removed(document, oldIndex):
                count -= 1
                return .removed(document, oldIndex: count - oldIndex)
            case let .added(document, newIndex):
                count += 1
                return .added(document, newIndex: count - 1 - newIndex)
            case let .modified(document, oldIndex, newIndex):
                return .modified(document, oldIndex: count - 1 - oldIndex, newIndex: count - 1 - newIndex)
            }
        }
    }

    /// The steps a change made to the kept query's result, in its own order.
    private func steps(from old: DocumentSnapshot?, to new: DocumentSnapshot?) -> [DocumentChange] {
        let leaving = old.flatMap { Ranked($0, in: query, orderedBy: order) }
        let arriving = new.flatMap { Ranked($0, in: query, orderedBy: order) }
        let from = leaving.map(lowerBound)
        let to: Int?
        if let from, let arriving, fits(arriving, at: from) {
            all[from] = arriving.document
            to = from
        } else {
            if let from { all.remove(at: from) }
            to = arriving.map(lowerBound)
            if let to, let arriving { all.insert(arriving.document, at: to) }
        }
        guard let limit = query.limit else {
            switch (leaving, from, arriving, to) {
            case let (_, from?, arriving?, to?): return [.modified(arriving.document, oldIndex: from, newIndex: to)]
            case let (leaving?, from?, _, _): return [.removed(leaving.document, oldIndex: from)]
            case let (_, _, arriving?, to?): return [.added(arriving.document, newIndex: to)]
            default: return []
            }
        }
        return updateWindow(limit: max(0, limit), from: from, to: to)
    }

    /// The steps to the first `limit` documents, given the old and new places in ``all`` of the
    /// document that changed.
    private func updateWindow(limit: Int, from: Int?, to: Int?) -> [DocumentChange] {
        switch (from.flatMap { $0 < limit ? $0 : nil }, to.flatMap { $0 < limit ? $0 : nil }) {
        case let (from?, to?):
            window.remove(at: from)
            window.insert(all[to], at: to)
            return [.modified(all[to], oldIndex: from, newIndex: to)]
        case let (from?, nil):
            var steps = [DocumentChange.removed(window.remove(at: from), oldIndex: from)]
            if all.count >= limit {
                window.append(all[limit - 1])
                steps.append(.added(all[limit - 1], newIndex: limit - 1))
            }
            return steps
        case let (nil, to?):
            var steps: [DocumentChange] = []
            if window.count == limit {
                steps.append(.removed(window.removeLast(), oldIndex: limit - 1))
            }
            window.insert(all[to], at: to)
            steps.append(.added(all[to], newIndex: to))
            return steps
        case (nil, nil):
            return []
        }
    }

    /// The first index whose document does not come before `document`: where it is, or where
    /// it belongs.
    private func lowerBound(_ document: Ranked) -> Int {
        var low = 0, high = all.count
        while low < high {
            let middle = (low + high) / 2
            if ranked(middle).precedes(document, in: order) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `document` may replace the one at `index` without moving.
    private func fits(_ document: Ranked, at index: Int) -> Bool {
        (index == 0 || ranked(index - 1).precedes(document, in: order))
            && (index == all.count - 1 || document.precedes(ranked(index + 1), in: order))
    }

    private func ranked(_ index: Int) -> Ranked {
        // Every document in the view has the order fields.
        Ranked(all[index], orderedBy: order)!
    }
}
