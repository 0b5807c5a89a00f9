/// A conformance vector: a schema, a store, and steps with the emissions expected after them.
public struct Vector: Sendable {
    public var file: String
    public var schema: SchemaSource
    /// Added to the line numbers of diagnostics in an inline schema.
    public var schemaLineOffset: Int
    public var schemaColumnOffset: Int
    public var pendingWrites: Bool
    /// The time server timestamps are set to.
    public var clock: VectorValue.Time
    public var steps: [VectorStep]
}

/// A value in a vector, with the types JSON cannot carry: ints apart from doubles, NaN, −0,
/// infinities, timestamps, pending server timestamps, bytes and geopoints.
public indirect enum VectorValue: Hashable, Sendable {
    public struct Time: Hashable, Sendable {
        public var seconds: Int64
        public var nanoseconds: Int32
    }

    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case timestamp(Time)
    case string(String)
    case bytes([UInt8])
    /// A reference to the document at the path (its segments).
    case reference([String])
    case geopoint(latitude: Double, longitude: Double)
    case array([VectorValue])
    /// Entries in written order.
    case map([(key: String, value: VectorValue)])
    case serverTimestamp

    /// An int's or a double's value as a double.
    var number: Double? {
        switch self {
        case let .int(value): Double(value)
        case let .double(value): value
        default: nil
        }
    }

    public static func == (lhs: VectorValue, rhs: VectorValue) -> Bool {
        CanonicalText.of(lhs) == CanonicalText.of(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(CanonicalText.of(self))
    }
}

/// What an `update` step does to one field: sets a value, or applies one of Firestore's field
/// transforms (`!delete`, `!increment 2`, `!arrayUnion [a]`, `!arrayRemove [a]` in a vector);
/// a typed update also changes keys of a map field, each alone (`!keys { a: !increment 1 }`).
public indirect enum VectorFieldUpdate: Sendable {
    case value(VectorValue)
    case delete
    case increment(VectorValue)
    case arrayUnion([VectorValue])
    case arrayRemove([VectorValue])
    case keys([(key: String, update: VectorFieldUpdate)])
}

public struct VectorStep: Sendable {
    public enum Action: Sendable {
        case set(path: [String], data: [(key: String, value: VectorValue)])
        /// A document another client wrote, as the store receives it: values this client's SDK
        /// refuses to write (an int beyond ±(2^53 − 1) in TypeScript) are kept, for decoding to judge.
        case receive(path: [String], data: [(key: String, value: VectorValue)])
        /// Field paths (dotted in the vector, as ``FieldPathText`` reads them) to values or transforms.
        case update(path: [String], fields: [(path: [String], update: VectorFieldUpdate)])
        case delete(path: [String])
        /// A typed write of the model (`createMessage`, `updateMessage`, `deleteMessage`) with its
        /// arguments: path parameters, `id`, and fields (an update's may be transforms).
        case write(name: String, arguments: [(name: String, update: VectorFieldUpdate)])
        case batch([Action])
        /// A transaction of the model; see ``VectorTransaction``.
        case transaction(VectorTransaction)
        /// Another client's set, update and delete steps, made in each of the first `attempts`
        /// attempts of the model's next transactions (a counted declared write's), between the
        /// attempt's reads and its commit.
        case concurrently(writes: [Action], attempts: Int)
        /// One commit of `count` documents `collection/0000…` holding `{ n: index }`.
        case fill(collection: [String], count: Int)
        case flush(at: VectorValue.Time?)
        /// Moves the model's scheduler's virtual clock on, running what falls due (a debounce).
        case advance(milliseconds: Int)
        case subscribe(label: String, stream: String, arguments: [(name: String, value: VectorValue)])
        /// A one-shot read of a stream: its value (or error) is the label's one emission.
        case read(label: String, stream: String, arguments: [(name: String, value: VectorValue)])
        case cancel(label: String)
        case fail(collection: [String], message: String)
        /// Ends the listeners of one subscription only with an error.
        case failSubscription(label: String, message: String)
        case expect([Expectation])
    }

    public var action: Action
    public var location: SourceLocation
    /// How the step reads in reports: `set chatrooms/r1/messages/m1`.
    public var summary: String
}

extension Vector {
    /// A vector made in code (a random scenario, a minimised one) named `name`: its steps at no
    /// place in a file, no schema text (runners read the model), the store's clock at `clock`.
    init(generated name: String, clock: VectorValue.Time, actions: [VectorStep.Action]) {
        self.init(file: name, schema: SchemaSource(path: name, text: ""), schemaLineOffset: 0, schemaColumnOffset: 0,
                  pendingWrites: false, clock: clock, steps: actions.map { VectorStep(generated: $0) })
    }
}

extension VectorStep {
    /// A step made in code, at no place in a file.
    init(generated action: Action) {
        self.init(action: action, location: .generated, summary: "")
    }
}

extension SourceLocation {
    /// Where a step or an expectation made in code is: nowhere in a file.
    static let generated = SourceLocation(file: "", line: 0, column: 0)
}

extension VectorStep.Action {
    /// A use of a stream: a subscription, or a one-shot read (`once`).
    public var streamUse: (label: String, stream: String, arguments: [(name: String, value: VectorValue)], once: Bool)? {
        switch self {
        case let .subscribe(label, stream, arguments): (label, stream, arguments, false)
        case let .read(label, stream, arguments): (label, stream, arguments, true)
        default: nil
        }
    }

    /// Whether the step calls the model: a stream's use, or a typed write (alone or in a batch).
    var usesModel: Bool {
        switch self {
        case .subscribe, .read, .write, .transaction: true
        case let .batch(writes): writes.contains(where: \.usesModel)
        default: false
        }
    }
}

/// A transaction of the model, labelled: each attempt reads documents through the typed getters
/// (their values, nil for none, are the label's emission), makes another client's `concurrent`
/// writes in its first `contention` attempts, then gives its typed `writes`. Its end is the
/// label's `done`, or its error.
public struct VectorTransaction: Sendable {
    /// A document read by the getter of `collection` (its type name), with the path's parameters and `id`.
    public struct Read: Sendable {
        public var collection: String
        public var arguments: [(name: String, value: VectorValue)]
    }

    public var label: String
    public var reads: [Read]
    /// Typed writes (`.write`).
    public var writes: [VectorStep.Action]
    /// Writes to the store (`.set`, `.update`, `.delete`), as another client makes them.
    public var concurrent: [VectorStep.Action]
    public var contention: Int
    /// The most attempts the transaction is given (`maxAttempts`), or nil for the default.
    public var maxAttempts: Int?
}

/// What must hold after a step.
public struct Expectation: Sendable {
    public enum Subject: Hashable, Sendable {
        /// Every emission of a subscription so far.
        case emissions(label: String)
        /// Every decode failure reported so far.
        case decodeFailures
        /// The paths of the documents of every decode failure so far, whatever the message.
        case decodeFailurePaths
        /// How many decode failures were reported so far.
        case decodeFailureCount
        /// Every write that the store refused so far.
        case writeErrors
        /// The store's active listeners now.
        case listeners
        /// The listeners the subscription labelled so holds now.
        case listenersOf(label: String)
    }

    public var subject: Subject
    /// Canonical lines: emissions (`error: …` for an error), messages, or one count.
    public var lines: [String]
    public var location: SourceLocation
    /// Whether `-0.0` and `0.0` must match as written; else they match as the contract has them.
    public var signOfZeroMatters = true
}
