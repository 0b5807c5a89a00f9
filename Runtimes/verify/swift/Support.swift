// The trace a vector runner prints, read by `modelgen verify`, in every Swift flavour; each
// flavour's `Trace.swift` subscribes to its streams. Copied verbatim into each run.
import Dispatch
import Foundation
import ModelgenRuntimeCore

/// Prints what happens while a vector runs, one line each: `step N`, `emit LABEL VALUE`,
/// `error LABEL MESSAGE`, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`,
/// `listeners N`, and `listenersOf LABEL N` for each subscription so far.
public final class Trace: @unchecked Sendable {
    /// How to cancel each subscription, by label.
    private var subscriptions: [String: () -> Void] = [:]
    private var labels: [String] = []
    private var store: LabelledStore?
    /// The clock of a vector that advances time: the model's scheduler is `.virtual(time)`.
    public let time = VirtualTime()

    public init() {}

    /// Moves the virtual clock on by `milliseconds`, running what falls due.
    public func advance(_ milliseconds: Int) {
        time.advance(by: .milliseconds(milliseconds))
    }

    /// Runs the work due now on the virtual clock, without moving it.
    public func settle() {
        time.advance(by: .zero)
    }

    /// The store the model reads: `base`, with each listener tagged by the subscription that opened it.
    public func labelling(_ base: any DocumentStore) -> LabelledStore {
        let store = LabelledStore(base)
        self.store = store
        return store
    }

    public func step(_ number: Int) {
        print("step \(number)")
    }

    public func listeners(_ count: Int) {
        print("listeners \(count)")
        for label in labels { print("listenersOf \(label) \(store?.count(of: label) ?? 0)") }
    }

    /// Ends the listeners of one subscription with an error, as Firestore ends a listener.
    public func fail(_ label: String, _ message: String) {
        store?.fail(label, VectorError(message))
    }

    /// Opens the subscription `label`: `open` subscribes, tracing with ``emitted(_:_:)`` and
    /// ``ended(_:_:)``, and returns how to cancel it.
    public func opening(_ label: String, _ open: () -> () -> Void) {
        if !labels.contains(label) { labels.append(label) }
        store?.opening = label
        defer { store?.opening = nil }
        subscriptions[label] = open()
    }

    /// One value of the subscription `label`.
    public func emitted(_ label: String, _ value: DocumentValue) {
        print("emit \(label) \(canonical(value))")
    }

    /// The end of the subscription `label`: its error, or `done`.
    public func ended(_ label: String, _ error: (any Error)?) {
        if let error { print("error \(label) \(error)") } else { print("done \(label)") }
    }

    /// Runs a one-shot read to its end: its value is the label's one emission, or its error.
    public func read<Output: Sendable>(_ label: String, _ read: @escaping @Sendable () async throws -> Output, _ traced: (Output) -> DocumentValue) {
        switch Self.waiting(for: read) {
        case let .success(value): print("emit \(label) \(canonical(traced(value)))")
        case let .failure(error): print("error \(label) \(error)")
        }
    }

    /// Runs a transaction to its end: `done`, or its error.
    public func transaction(_ label: String, _ run: @escaping @Sendable () async throws -> Void) {
        if case let .failure(error) = Self.waiting(for: run) { print("error \(label) \(error)") } else { print("done \(label)") }
    }

    /// Runs `work` in a task and waits for its end, so that steps stay in order.
    private static func waiting<Output: Sendable>(for work: @escaping @Sendable () async throws -> Output) -> Result<Output, any Error> {
        let outcome = Outcome<Output>()
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.result = .success(try await work())
            } catch {
                outcome.result = .failure(error)
            }
            finished.signal()
        }
        finished.wait()
        return outcome.result ?? .failure(VectorError("the task ended without a result"))
    }

    /// Makes `writes`, as another client, in each of the first `count` attempts of the model's
    /// next transactions, between the attempt's reads and its commit.
    public func interleave(_ count: Int, _ writes: [DocumentWrite]) {
        store?.interleave(count, writes)
    }

    /// One emission of `label`: a transaction's reads in one attempt.
    public func emit(_ label: String, _ value: DocumentValue) {
        print("emit \(label) \(canonical(value))")
    }

    public func cancel(_ label: String) {
        subscriptions.removeValue(forKey: label)?()
    }

    /// Runs a write; a refused one is traced, not thrown.
    public func attempt(_ write: () throws -> Void) {
        do {
            try write()
        } catch {
            print("writeError \(error)")
        }
    }

    public func decodeFailure(_ failure: DecodeFailure) {
        print("decodeFailurePath \(canonical(.array(failure.path.map(DocumentValue.string))))")
        print("decodeFailure \(failure)")
    }
}

/// The result of a read, handed from its task to the waiting runner (the semaphore orders them).
private final class Outcome<Output>: @unchecked Sendable {
    var result: Result<Output, any Error>?
}

/// Counts a transaction's attempts.
public final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    public init() {}

    /// The number of this attempt, from 1.
    public func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}

/// An error a vector's `fail` step ends listeners with.
public struct VectorError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A row as traced: its stored fields and its id.
public func row(_ data: DocumentData, id: String) -> DocumentValue {
    var fields = data
    fields["id"] = .string(id)
    return .map(fields)
}

/// `0042`: the document ids of a `fill` step.
public func paddedIndex(_ index: Int, _ width: Int) -> String {
    let digits = String(index)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// The canonical text of a value, as every runner prints it.
public func canonical(_ value: DocumentValue) -> String {
    switch value {
    case .null: return "null"
    case let .bool(flag): return flag ? "true" : "false"
    case let .int(number): return "\(number)"
    case let .double(number): return "\(number)"
    case let .timestamp(time): return "timestamp(\(time))"
    case let .string(text): return quoted(text)
    case .bytes, .reference, .geoPoint: return value.description
    case let .array(values): return "[" + values.map(canonical).joined(separator: ", ") + "]"
    case let .map(fields):
        let entries = fields.sorted { CodePoints.less($0.key, $1.key) }
        return "{" + entries.map { "\(quoted($0.key)): \(canonical($0.value))" }.joined(separator: ", ") + "}"
    case .serverTimestamp: return "serverTimestamp"
    }
}

private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// The store as a vector's model sees it: the vector's store, with each listener tagged by the
/// label of the subscription that opened it, so that a step can count or fail one subscription's.
public final class LabelledStore: DocumentStore, @unchecked Sendable {
    private struct Listener {
        var label: String?
        var registration: ListenerRegistration
        var fail: @Sendable (any Error) -> Void
    }

    private let base: any DocumentStore
    private let lock = NSLock()
    private var listeners: [Int: Listener] = [:]
    /// Listeners that failed before they were tracked (a store that fails at once).
    private var ended: Set<Int> = []
    private var nextID = 0
    /// The label of the subscription being opened, which the listeners added now belong to.
    var opening: String?
    /// Another client's writes, and how many more transaction attempts meet them.
    private var interleaved: (attempts: Int, writes: [DocumentWrite]) = (0, [])

    init(_ base: any DocumentStore) {
        self.base = base
    }

    public func addListener(to query: StoreQuery, _ listener: @escaping @Sendable (Result<QuerySnapshot, any Error>) -> Void) -> ListenerRegistration {
        track({ id in self.base.addListener(to: query) { result in self.forgetOnFailure(id, result); listener(result) } }, fail: { listener(.failure($0)) })
    }

    public func addListener(toDocument path: [String], _ listener: @escaping @Sendable (Result<DocumentSnapshot?, any Error>) -> Void) -> ListenerRegistration {
        track({ id in self.base.addListener(toDocument: path) { result in self.forgetOnFailure(id, result); listener(result) } }, fail: { listener(.failure($0)) })
    }

    public func getDocuments(_ query: StoreQuery) async throws -> [DocumentSnapshot] { try await base.getDocuments(query) }
    public func getDocument(_ path: [String]) async throws -> DocumentSnapshot? { try await base.getDocument(path) }
    public func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws {
        try base.commit(batch: writes, acknowledged: acknowledged)
    }

    public func runTransaction<T: Sendable>(
        maxAttempts: Int, _ body: @escaping @Sendable (any DocumentTransaction) throws -> T
    ) async throws -> T {
        try await base.runTransaction(maxAttempts: maxAttempts) { transaction in
            let result = try body(transaction)
            if let writes = self.nextInterleaved() { try self.base.commit(batch: writes) { _ in } }
            return result
        }
    }

    func interleave(_ count: Int, _ writes: [DocumentWrite]) {
        lock.withLock { interleaved = (count, writes) }
    }

    /// The writes the attempt ending now meets, if any.
    private func nextInterleaved() -> [DocumentWrite]? {
        lock.withLock {
            guard interleaved.attempts > 0 else { return nil }
            interleaved.attempts -= 1
            return interleaved.writes
        }
    }

    /// How many listeners the subscription labelled `label` holds now.
    func count(of label: String) -> Int {
        lock.withLock { listeners.values.filter { $0.label == label }.count }
    }

    /// Removes the listeners of `label` and ends each with `error`, in the order they were
    /// added; one that an earlier one's end removed (the other input of a join) is left alone.
    func fail(_ label: String, _ error: any Error) {
        let ids = lock.withLock { listeners.filter { $0.value.label == label }.keys.sorted() }
        for id in ids {
            guard let listener = lock.withLock({ listeners.removeValue(forKey: id) }) else { continue }
            listener.registration.remove()
            listener.fail(error)
        }
    }

    private func track(_ add: (Int) -> ListenerRegistration, fail: @escaping @Sendable (any Error) -> Void) -> ListenerRegistration {
        let id = lock.withLock { nextID += 1; return nextID }
        let registration = add(id)
        lock.withLock {
            if ended.remove(id) == nil { listeners[id] = Listener(label: opening, registration: registration, fail: fail) }
        }
        return ListenerRegistration { [self] in
            lock.withLock { _ = listeners.removeValue(forKey: id) }
            registration.remove()
        }
    }

    private func forgetOnFailure<T>(_ id: Int, _ result: Result<T, any Error>) {
        guard case .failure = result else { return }
        lock.withLock { if listeners.removeValue(forKey: id) == nil { ended.insert(id) } }
    }
}
