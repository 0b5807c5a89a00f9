import Foundation
@testable import ModelgenCore
import ModelgenRuntime

/// One random store scenario: documents written in one commit, then one query of them, then a
/// batch of writes and what it leaves — for the store differential, which asks Firestore's
/// emulator and the three runtimes' in-memory stores the same and compares their answers.
struct StoreScenario: CustomStringConvertible {
    var documents: [(path: [String], data: DocumentData)]
    var query: StoreQuery
    var writes: [DocumentWrite]

    /// Every document the scenario writes, by code points (Swift's `String` would take `é` and
    /// `e\u{301}` for one), in their order: what the writes' answer lists.
    var paths: [[String]] {
        let distinct = Set((documents.map(\.path) + writes.map(\.path)).map { $0.map { Array($0.unicodeScalars.map(\.value)) } })
        return distinct.sorted { $0.lexicographicallyPrecedes($1) { $0.lexicographicallyPrecedes($1) } }
            .map { $0.map { String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))) } }
    }

    /// Whether the emulator answers the scenario as production does: not the id alone
    /// descending, which it refuses ("Firestore does not support descending key scans"), as a
    /// `limitToLast` by the id asks.
    var isAskable: Bool {
        query.orderBy != [.descending(.documentID)] && !(query.limitToLast != nil && query.orderBy == [.ascending(.documentID)])
    }

    var description: String {
        let written = documents.map { "\($0.path.joined(separator: "/")) \(DocumentValue.map($0.data))" }.joined(separator: "; ")
        return "documents: \(written)\nquery: \(query)\nwrites: \(writes)"
    }
}

/// Random scenarios over hostile values of every type, in one collection `c` (its documents
/// also under `p/<id>/c` when the query reads the collection group): mixed types in one field,
/// NaN, ±0, ±infinity, ints past 2^53, strings equal under Unicode normalization, and queries with
/// every operator, `and` and `or`, orders on fields and the id, limits, `limitToLast` and
/// cursors; timestamps finer than a microsecond. Leaves out what the emulator is known to answer
/// unlike production (Behaviour.md, "Known limits"): `not-in` of a list holding NaN, −0.0 inside a
/// geopoint, and an order by the id alone descending.
struct StoreScenarioGenerator {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    static let fields: [ModelgenRuntime.FieldPath] = [["x"], ["y"], ["m", "x"]]
    static let ids = ["a", "b", "c", "d", "A", "é", "e\u{301}", "0", "10", "9", "😀"]

    mutating func scenario() -> StoreScenario {
        let group = random.chance(15)
        var documents: [(path: [String], data: DocumentData)] = []
        for id in Self.ids.shuffled(using: &random).prefix(2 + random.below(6)) {
            let path = group && random.chance(50) ? ["p", random.pick(["p1", "p2"]), "c", id] : ["c", id]
            var data: DocumentData = [:]
            for field in ["x", "y"] where random.chance(80) { data[field] = value() }
            if random.chance(50) { data["m"] = .map(random.chance(70) ? ["x": value()] : [:]) }
            documents.append((path, data))
        }
        let paths = documents.map(\.path) + [["c", random.pick(Self.ids)]]
        let writes = (0..<(1 + random.below(3))).map { _ in write(at: random.pick(paths)) }
        return StoreScenario(documents: documents, query: query(group: group), writes: writes)
    }

    /// A set, an update or a merge of one to three fields with values and transforms (a field of
    /// a map too), or a delete; a set may be create-only and a delete must-exist.
    private mutating func write(at path: [String]) -> DocumentWrite {
        let kind = random.below(10)
        if kind == 0 { return .delete(path, mustExist: random.chance(50)) }
        if kind == 1 { return .set(path, ["x": value()], mustNotExist: random.chance(50)) }
        var fields: [ModelgenRuntime.FieldPath: FieldUpdate] = [:]
        for field in Self.fields.shuffled(using: &random).prefix(1 + random.below(2)) + (random.chance(20) ? [["m", "y"]] : []) {
            fields[field] = switch random.below(6) {
            case 0: .value(value())
            case 1: .delete
            case 2: .increment(random.chance(60) ? .int(random.chance(85) ? random.pick([1, -1, 2]) : random.pick([.max, .min, (1 << 53) - 1])) : .double(random.pick([0.5, -0.0, .nan, .infinity, 1.0])))
            case 3, 4: .arrayUnion((0..<(1 + random.below(2))).map { _ in scalar() })
            default: .arrayRemove((0..<(1 + random.below(2))).map { _ in scalar() })
            }
        }
        if fields.keys.contains(["m"]) { fields[["m", "x"]] = nil; fields[["m", "y"]] = nil }
        return random.chance(50) ? .update(path, fields) : .merge(path, fields)
    }

    private mutating func query(group: Bool) -> StoreQuery {
        let orderBy = (0..<random.pick([0, 0, 1, 1, 2])).map { _ in
            let field = random.chance(20) ? ModelgenRuntime.FieldPath.documentID : random.pick(Self.fields)
            return random.chance(35) ? QueryOrder.descending(field) : QueryOrder.ascending(field)
        }
        var query = group ? StoreQuery(collectionGroup: "c") : StoreQuery(collection: ["c"])
        query.orderBy = orderBy == [QueryOrder.descending(.documentID)] ? [.ascending(.documentID)] : orderBy
        if random.chance(75) { query.filter = filter(depth: 0) }
        switch random.below(6) {
        case 0, 1: query.limit = 1 + random.below(3)
        // The emulator cannot run the id alone descending ("Firestore does not support descending
        // key scans"), as a `limitToLast` by the id asks; production can.
        case 2 where !orderBy.isEmpty && query.orderBy != [.ascending(.documentID)]: query.limitToLast = 1 + random.below(3)
        default: break
        }
        if !orderBy.isEmpty, random.chance(30) { query.start = bound(query.orderBy) }
        if !orderBy.isEmpty, random.chance(20) { query.end = bound(query.orderBy) }
        return query
    }

    private mutating func filter(depth: Int) -> QueryFilter {
        if depth < 2, random.chance(35) {
            let terms = (0..<(1 + random.below(3))).map { _ in filter(depth: depth + 1) }
            return random.chance(60) ? .and(terms) : .or(terms)
        }
        let op = random.pick([QueryOperator.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .isIn, .notIn, .arrayContains, .arrayContainsAny])
        if random.chance(15), ![.arrayContains, .arrayContainsAny].contains(op) {
            let id = { (random: inout SeededRandom) in DocumentValue.string(random.pick(Self.ids)) }
            let operand: DocumentValue = [.isIn, .notIn].contains(op) ? .array((0..<(1 + random.below(3))).map { _ in id(&random) }) : id(&random)
            return .compare(.documentID, op, operand)
        }
        let field = random.pick(Self.fields)
        guard [.isIn, .notIn, .arrayContainsAny].contains(op) else { return .compare(field, op, value()) }
        var list = (0..<(1 + random.below(4))).map { _ in value() }
        if op == .notIn { list.removeAll { if case let .double(number) = $0 { number.isNaN } else { false } } }
        if op == .arrayContainsAny { list.removeAll { if case .array = $0 { true } else { false } } }
        return .compare(field, op, .array(list.isEmpty ? [.int(1)] : list))
    }

    private mutating func bound(_ orderBy: [QueryOrder]) -> QueryBound {
        let values = orderBy.prefix(1 + random.below(orderBy.count)).map { order in
            order.field == .documentID ? .string(random.pick(Self.ids)) : value()
        }
        return QueryBound(values, inclusive: random.chance(50))
    }

    /// A value of any type, stored or a query's operand; no array inside an array (the stores
    /// and Firestore refuse those alike, which a differential need not ask every time).
    mutating func value() -> DocumentValue {
        switch random.below(12) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2, 3:
            // At or past ±(2^53 − 1) one time in ten: TypeScript cannot hold those (or their
            // sums), and is not asked.
            if random.chance(10) { return .int(random.pick([(1 << 53) - 1, -((1 << 53) - 1), 1 << 53, -(1 << 53), (1 << 53) + 1, .max, .min])) }
            return .int(random.pick([0, 1, -1, 2, 10]))
        case 4, 5: return .double(random.pick([0.0, -0.0, 1.0, 1.5, -2.5, 2.0, .nan, .infinity, -.infinity, 9_007_199_254_740_992.0, 1e-300]))
        case 6, 7: return .string(random.pick(["", "a", "b", "A", "é", "e\u{301}", "😀", "a\u{0}", "ab", "z", "\u{FFFF}"]))
        case 8:
            let nanoseconds: [Int32] = [0, 1_000, 1_500, 999_999_000]
            return .timestamp(Timestamp(seconds: random.pick([0, 1, -1]), nanoseconds: random.pick(nanoseconds)))
        case 9: return random.chance(50) ? .bytes(Data(random.pick([[], [0], [1], [0, 1]]))) : .reference(random.pick([["c", "a"], ["c", "b"], ["d", "a"]]))
        case 10: return .geoPoint(random.pick([GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 2), GeoPoint(latitude: -1, longitude: 2)]))
        default:
            if random.chance(60) { return .array((0..<random.below(4)).map { _ in scalar() }) }
            return .map(random.chance(30) ? [:] : ["x": scalar()])
        }
    }

    private mutating func scalar() -> DocumentValue {
        let value = self.value()
        switch value {
        case .array, .map: return .int(Int64(random.below(3)))
        default: return value
        }
    }
}
