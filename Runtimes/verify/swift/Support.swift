// The trace a vector runner prints, read by `modelgen verify`. Copied verbatim into each run.
import Dispatch
import ModelgenRuntime

/// Prints what happens while a vector runs, one line each: `step N`, `emit LABEL VALUE`,
/// `error LABEL MESSAGE`, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`, `listeners N`.
public final class Trace: @unchecked Sendable {
    private var subscriptions: [String: AnyCancellable] = [:]

    public init() {}

    public func step(_ number: Int) {
        print("step \(number)")
    }

    public func listeners(_ count: Int) {
        print("listeners \(count)")
    }

    public func subscribe<Output>(_ label: String, _ stream: AnyPublisher<Output, any Error>, _ traced: @escaping (Output) -> DocumentValue) {
        subscriptions[label] = stream.sink(
            receiveCompletion: { completion in
                if case let .failure(error) = completion {
                    print("error \(label) \(error)")
                } else {
                    print("done \(label)")
                }
            },
            receiveValue: { print("emit \(label) \(canonical(traced($0)))") }
        )
    }

    /// Runs a one-shot read to its end: its value is the label's one emission, or its error.
    public func read<Output: Sendable>(_ label: String, _ read: @escaping @Sendable () async throws -> Output, _ traced: (Output) -> DocumentValue) {
        let outcome = Outcome<Output>()
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.result = .success(try await read())
            } catch {
                outcome.result = .failure(error)
            }
            finished.signal()
        }
        finished.wait()
        switch outcome.result {
        case let .success(value)?: print("emit \(label) \(canonical(traced(value)))")
        case let .failure(error)?: print("error \(label) \(error)")
        case nil: break
        }
    }

    public func cancel(_ label: String) {
        subscriptions.removeValue(forKey: label)?.cancel()
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
