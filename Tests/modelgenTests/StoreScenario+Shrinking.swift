import Foundation
import ModelgenRuntime

extension StoreScenario {
    /// Whether an int of the scenario (stored, compared or written) is past ±`limit`. TypeScript's
    /// numbers stop at ±(2^53 − 1) (a documented limit, Behaviour.md "Known limits"): it is not
    /// asked such scenarios, nor writes near that limit, whose increments could pass it.
    func holdsInt(beyond limit: Int64, inWrites: Bool) -> Bool {
        func beyond(_ value: DocumentValue) -> Bool {
            switch value {
            case let .int(number): number.magnitude > limit.magnitude
            case let .array(values): values.contains(where: beyond)
            case let .map(fields): fields.values.contains(where: beyond)
            default: false
            }
        }
        func beyond(_ filter: QueryFilter) -> Bool {
            switch filter {
            case let .compare(_, _, operand): beyond(operand)
            case let .and(filters), let .or(filters): filters.contains(where: beyond)
            }
        }
        func beyond(_ update: FieldUpdate) -> Bool {
            switch update {
            case let .value(value), let .increment(value): beyond(value)
            case let .arrayUnion(values), let .arrayRemove(values): values.contains(where: beyond)
            case .delete: false
            }
        }
        func beyond(_ write: DocumentWrite) -> Bool {
            switch write {
            case let .set(_, data, _): beyond(.map(data))
            case let .update(_, fields, _), let .merge(_, fields): fields.values.contains(where: beyond)
            case .delete: false
            }
        }
        let bounds = [query.start, query.end].compactMap(\.self).flatMap(\.values)
        return documents.contains { beyond(.map($0.data)) } || query.filter.map(beyond) == true || bounds.contains(where: beyond)
            || (inWrites && writes.contains(where: beyond))
    }

    /// Whether TypeScript is asked the scenario: no int past ±2^52 in it, which its numbers
    /// cannot hold past ±(2^53 − 1), nor sums near that.
    var fitsTypeScript: Bool {
        !holdsInt(beyond: 1 << 52, inWrites: true)
    }

    /// Smaller scenarios, for the minimiser: one document, one write, one filter term (or the
    /// filter), the last order key (with the cursors' values for it), the limits or a cursor left
    /// out — those the emulator answers as production does (``isAskable``).
    func smaller() -> [StoreScenario] {
        var candidates: [StoreScenario] = []
        for index in documents.indices { var next = self; next.documents.remove(at: index); candidates.append(next) }
        for index in writes.indices { var next = self; next.writes.remove(at: index); candidates.append(next) }
        if let filter = query.filter {
            var next = self; next.query.filter = nil; candidates.append(next)
            if case let .and(terms) = filter, terms.count > 1 { candidates += terms.map { var next = self; next.query.filter = $0; return next } }
            if case let .or(terms) = filter, terms.count > 1 { candidates += terms.map { var next = self; next.query.filter = $0; return next } }
        }
        if !query.orderBy.isEmpty, query.limitToLast == nil {
            var next = self
            next.query.orderBy.removeLast()
            for keyPath in [\StoreQuery.start, \StoreQuery.end] {
                if let bound = next.query[keyPath: keyPath], bound.values.count > next.query.orderBy.count {
                    next.query[keyPath: keyPath] = next.query.orderBy.isEmpty ? nil : QueryBound(Array(bound.values.prefix(next.query.orderBy.count)), inclusive: bound.inclusive)
                }
            }
            candidates.append(next)
        }
        if query.limit != nil { var next = self; next.query.limit = nil; candidates.append(next) }
        if query.limitToLast != nil { var next = self; next.query.limitToLast = nil; candidates.append(next) }
        if query.start != nil { var next = self; next.query.start = nil; candidates.append(next) }
        if query.end != nil { var next = self; next.query.end = nil; candidates.append(next) }
        return candidates.filter(\.isAskable)
    }
}
