// The steps of a scenario: each decoded from its JSON object and run with the calls a compiled
// runner makes for it. Copied verbatim into each run.
import Foundation
import ModelgenRuntimeCore

/// One step, decoded from its `op` and the members that op takes.
enum ScenarioStep: Decodable, Sendable {
    /// A write of the store: a set (or a document received from another client), an update, a delete.
    case store(DocumentWrite)
    case write(name: String, arguments: ScenarioArguments)
    case batch([ScenarioStep])
    case transaction(ScenarioTransaction)
    /// Another client's writes in each of the first `attempts` attempts of the model's next transactions.
    case concurrently(writes: [DocumentWrite], attempts: Int)
    case fill(collection: [String], count: Int)
    case flush(at: Timestamp?)
    case advance(milliseconds: Int)
    case use(label: String, stream: String, once: Bool, arguments: ScenarioArguments)
    case cancel(label: String)
    case fail(collection: [String], message: String)
    case failSubscription(label: String, message: String)
    case expect

    private enum Member: String, CodingKey {
        case op, path, data, fields, name, arguments, writes, attempts, collection, count, at, milliseconds, label, stream, message
    }

    init(from decoder: any Decoder) throws {
        let step = try decoder.container(keyedBy: Member.self)
        let op = try step.decode(String.self, forKey: .op)
        switch op {
        case "set", "receive", "update", "delete": self = .store(try Self.storeWrite(op, step))
        case "write":
            let arguments = try step.decode([ScenarioEntry<String, ScenarioUpdate>].self, forKey: .arguments)
            self = .write(name: try step.decode(String.self, forKey: .name), arguments: try ScenarioArguments(named: arguments))
        case "batch": self = .batch(try step.decode([ScenarioStep].self, forKey: .writes))
        case "transaction": self = .transaction(try ScenarioTransaction(from: decoder))
        case "concurrently":
            let writes = try step.decode([ScenarioStep].self, forKey: .writes).map { try $0.storeWrite }
            self = .concurrently(writes: writes, attempts: try step.decode(Int.self, forKey: .attempts))
        case "fill": self = .fill(collection: try step.decode([String].self, forKey: .collection), count: try step.decode(Int.self, forKey: .count))
        case "flush": self = .flush(at: try step.decodeIfPresent(ScenarioTime.self, forKey: .at)?.time)
        case "advance": self = .advance(milliseconds: try step.decode(Int.self, forKey: .milliseconds))
        case "subscribe", "read": self = try Self.streamUse(once: op == "read", step)
        case "cancel": self = .cancel(label: try step.decode(String.self, forKey: .label))
        case "fail": self = .fail(collection: try step.decode([String].self, forKey: .collection), message: try step.decode(String.self, forKey: .message))
        case "failSubscription": self = .failSubscription(label: try step.decode(String.self, forKey: .label), message: try step.decode(String.self, forKey: .message))
        case "expect": self = .expect
        default: throw ScenarioError("no step '\(op)'")
        }
    }

    /// A set, an update or a delete of the store.
    private static func storeWrite(_ op: String, _ step: KeyedDecodingContainer<Member>) throws -> DocumentWrite {
        let path = try step.decode([String].self, forKey: .path)
        switch op {
        case "update":
            let fields = try step.decode([ScenarioEntry<[String], ScenarioUpdate>].self, forKey: .fields)
            return .update(path, try unique(fields.map { (FieldPath($0.key), try $0.value.fieldUpdate) }, "field"))
        case "delete": return .delete(path)
        default: return .set(path, try ScenarioValue.data(step.decode([ScenarioEntry<String, ScenarioValue>].self, forKey: .data)))
        }
    }

    /// A subscription, or a read once.
    private static func streamUse(once: Bool, _ step: KeyedDecodingContainer<Member>) throws -> ScenarioStep {
        let values = try step.decode([ScenarioValue].self, forKey: .arguments).map(\.value)
        return .use(label: try step.decode(String.self, forKey: .label), stream: try step.decode(String.self, forKey: .stream), once: once, arguments: ScenarioArguments(values: values))
    }

    /// Takes the step, with the calls a compiled runner makes for it.
    func run<Table>(_ context: ScenarioContext<Table>) throws {
        let (store, trace) = (context.store, context.trace)
        switch self {
        case let .store(write): try context.attempt { try Self.commitAlone(write, store) }
        case .write: try context.attempt { try store.commit(batch: [typedWrite(context)]) { _ in } }
        case let .batch(writes): try context.attempt { try Self.commit(writes, context) }
        case let .transaction(transaction): try transaction.run(context)
        case let .concurrently(writes, attempts): trace.interleave(attempts, writes)
        case let .fill(collection, count):
            let width = String(count - 1).count
            try context.attempt { try store.commit((0..<count).map { .set(collection + [paddedIndex($0, width)], ["n": .int(Int64($0))]) }) }
        case let .flush(at): store.flushPendingWrites(at: at)
        case let .advance(milliseconds): trace.advance(milliseconds)
        case let .use(label, stream, once, arguments): try context.table.use(context.model, stream, label: label, once: once, arguments, trace)
        case let .cancel(label): trace.cancel(label)
        case let .fail(collection, message): store.failListeners(of: collection, with: VectorError(message))
        case let .failSubscription(label, message): trace.fail(label, message)
        case .expect: break
        }
    }

    /// A store write alone, as `setData`, `updateData` and `deleteDocument` make it.
    private static func commitAlone(_ write: DocumentWrite, _ store: VectorStore) throws {
        switch write {
        case let .set(path, data, _): try store.setData(data, at: path)
        case let .update(path, fields, _): try store.updateData(fields, at: path)
        default: try store.deleteDocument(at: write.path)
        }
    }

    /// A batch: of the model's typed writes alone (also an empty one), committed as the model
    /// commits them, else as the store's writes are, its typed writes made by the model.
    private static func commit<Table>(_ writes: [ScenarioStep], _ context: ScenarioContext<Table>) throws {
        let typed = writes.map { if case .write = $0 { true } else { false } }
        let made = try zip(writes, typed).map { step, typed in typed ? try step.typedWrite(context) : try step.storeWrite }
        if typed.allSatisfy({ $0 }) {
            try context.store.commit(batch: made) { _ in }
        } else {
            try context.store.commit(made)
        }
    }

    /// The store's write this step makes, in a batch or as another client's.
    var storeWrite: DocumentWrite {
        get throws {
            guard case let .store(write) = self else { throw ScenarioError("expected a set, an update or a delete") }
            return write
        }
    }

    /// The model's typed write this step names.
    func typedWrite<Table>(_ context: ScenarioContext<Table>) throws -> DocumentWrite {
        guard case let .write(name, arguments) = self else { throw ScenarioError("expected a typed write") }
        return try context.table.write(context.model, name, arguments)
    }
}
