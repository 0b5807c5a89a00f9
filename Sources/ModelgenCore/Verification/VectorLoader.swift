import Foundation
import Yams

/// Reads a conformance vector file, reporting every problem at its line and column.
public struct VectorLoader: Sendable {
    static let stepKinds = [
        "set", "receive", "update", "delete", "write", "batch", "transaction", "concurrently", "fill", "flush", "advance", "subscribe", "read", "cancel", "fail", "expect",
    ]

    public init() {}

    public func load(_ source: SchemaSource) throws(DiagnosticsError) -> Vector {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: source.text) else {
                throw DiagnosticsError([.error("vector is empty; it needs 'schema' and 'steps'", at: SourceLocation(file: source.path, line: 1, column: 1))])
            }
            root = node
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([YAMLErrorTranslator.diagnostic(for: error, in: source)])
        }
        var reader = YAMLNodeReader(source: source)
        let vector = reader.readVector(root, source: source)
        try reader.diagnostics.throwIfErrors()
        guard let vector else { throw DiagnosticsError(reader.diagnostics.diagnostics) }
        return vector
    }
}

extension YAMLNodeReader {
    mutating func readVector(_ root: Node, source: SchemaSource) -> Vector? {
        guard let entries = mapping(root, "a vector") else { return nil }
        rejectUnknownKeys(entries, allowed: ["schema", "store", "steps"], in: "the vector")
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        guard let schemaNode = value("schema"), let stepsNode = value("steps") else {
            error("a vector needs 'schema' (inline, or the path of a schema file) and 'steps'", at: root)
            return nil
        }
        guard let schema = readSchemaSource(schemaNode, vectorPath: source.path) else { return nil }
        var vector = Vector(
            file: source.path, schema: schema.source, schemaLineOffset: schema.lineOffset, schemaColumnOffset: schema.columnOffset,
            pendingWrites: false, clock: VectorValue.Time(seconds: 0, nanoseconds: 0), steps: []
        )
        if let store = value("store"), let options = mapping(store, "'store'") {
            rejectUnknownKeys(options, allowed: ["pendingWrites", "clock"], in: "'store'")
            for (key, node) in options {
                if key.value == "pendingWrites" { vector.pendingWrites = bool(node, "'pendingWrites'") ?? false }
                if key.value == "clock", let time = readTime(node) { vector.clock = time }
            }
        }
        guard case let .sequence(steps) = stepsNode else {
            error("'steps' must be a list", at: stepsNode)
            return nil
        }
        vector.steps = steps.compactMap { readStep($0) }
        return vector
    }

    /// An inline schema (a block scalar), or the path of a schema file relative to the vector.
    private mutating func readSchemaSource(_ node: Node, vectorPath: String) -> (source: SchemaSource, lineOffset: Int, columnOffset: Int)? {
        guard let scalar = node.scalar else {
            error("'schema' must be a schema written inline ('schema: |') or the path of a schema file", at: node)
            return nil
        }
        if scalar.style == .literal || scalar.style == .folded || scalar.string.contains("\n") {
            let start = location(node)
            let indentation = stride(from: start.line + 1, through: lineCount, by: 1).lazy.map(line)
                .first { !$0.allSatisfy { $0 == " " } }?.prefix { $0 == " " }.count ?? 0
            return (SchemaSource(path: vectorPath, text: scalar.string), start.line, indentation)
        }
        let path = scalar.string.hasPrefix("/") ? scalar.string : ((vectorPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(scalar.string)
        do {
            return (try SchemaSource.read(path: path), 0, 0)
        } catch {
            diagnostics.error("cannot read schema file '\(path)'", at: location(node))
            return nil
        }
    }

    mutating func readStep(_ node: Node) -> VectorStep? {
        guard let entries = mapping(node, "a step") else { return nil }
        // A transaction's `concurrently` is one of its parts, not a step of its own.
        let inTransaction = entries.contains { $0.key.value == "transaction" }
        let kinds = entries.filter { VectorLoader.stepKinds.contains($0.key.value) && !(inTransaction && $0.key.value == "concurrently") }
        guard kinds.count == 1, let kind = kinds.first else {
            error("a step needs exactly one of \(Hint.list(VectorLoader.stepKinds))", at: node)
            return nil
        }
        let allowed = [kind.key.value] + (["set": ["data"], "receive": ["data"], "update": ["fields"], "subscribe": ["stream", "with"], "read": ["stream", "with"], "write": ["with"],
            "transaction": ["reads", "writes", "concurrently", "contention", "maxAttempts"], "concurrently": ["contention"]][kind.key.value] ?? [])
        rejectUnknownKeys(entries, allowed: allowed, in: "a '\(kind.key.value)' step")
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        guard let action = readAction(kind.key.value, kind.value, value: value, at: kind.key.location) else { return nil }
        return VectorStep(action: action, location: kind.key.location, summary: summary(kind.key.value, kind.value))
    }

    private mutating func readAction(_ kind: String, _ node: Node, value: (String) -> Node?, at location: SourceLocation) -> VectorStep.Action? {
        switch kind {
        case "set", "receive":
            guard let path = readPath(node), let dataNode = value("data") ?? missing("data", at: location),
                  case let .map(data)? = readValue(dataNode) else { return nil }
            return kind == "set" ? .set(path: path, data: data) : .receive(path: path, data: data)
        case "update":
            guard let path = readPath(node), let fieldsNode = value("fields") ?? missing("fields", at: location),
                  let fields = readFieldUpdates(fieldsNode) else { return nil }
            return .update(path: path, fields: fields)
        case "delete":
            return readPath(node).map { .delete(path: $0) }
        case "write":
            guard let name = string(node, "'write'")?.value else { return nil }
            guard let with = value("with") else { return .write(name: name, arguments: []) }
            return readArguments(with).map { .write(name: name, arguments: $0) }
        case "batch":
            guard case let .sequence(items) = node else {
                error("'batch' must be a list of set, update, delete and write steps", at: node)
                return nil
            }
            let writes = items.compactMap { item -> VectorStep.Action? in
                guard let step = readStep(item) else { return nil }
                switch step.action {
                case .set, .update, .delete, .write: return step.action
                default:
                    error("a batch holds only set, update, delete and write", at: item)
                    return nil
                }
            }
            return writes.count == items.count ? .batch(writes) : nil
        case "transaction":
            return readTransaction(node, value: value).map { .transaction($0) }
        case "concurrently":
            guard let writes = readSteps(node, of: "concurrently", holding: Self.concurrentWrites), let contention = readContention(value("contention"), default: 1) else { return nil }
            guard !writes.isEmpty else {
                error("'concurrently' needs at least one set, update or delete step", at: node)
                return nil
            }
            return .concurrently(writes: writes, attempts: contention)
        case "fill":
            return readFill(node)
        case "flush":
            if node.bool == true { return .flush(at: nil) }
            return readTime(node).map { .flush(at: $0) }
        case "advance":
            guard let milliseconds = YAMLNodeReader.milliseconds(node.scalar?.string) else {
                error("'advance' must be a duration in whole milliseconds above zero, like 300ms, 2s or 1.5s, found \(describe(node))", at: node)
                return nil
            }
            return .advance(milliseconds: milliseconds)
        case "subscribe", "read":
            guard let label = string(node, "'\(kind)'")?.value, let stream = value("stream").flatMap({ string($0, "'stream'")?.value }) ?? missing("stream", at: location) else { return nil }
            var arguments: [(name: String, value: VectorValue)] = []
            if let with = value("with") {
                guard case let .map(entries)? = readValue(with) else { return nil }
                arguments = entries.map { (name: $0.key, value: $0.value) }
            }
            return kind == "read" ? .read(label: label, stream: stream, arguments: arguments) : .subscribe(label: label, stream: stream, arguments: arguments)
        case "cancel":
            return string(node, "'cancel'").map { .cancel(label: $0.value) }
        case "fail":
            return readFail(node)
        default:
            return readExpectations(node).map { .expect($0) }
        }
    }

    /// `transaction: LABEL` with `reads` (a list of `{ get: Collection, with: { … } }`), `writes` (a
    /// list of typed write steps), `concurrently` (set, update and delete steps), `contention`
    /// (the attempts that make them; 1 by default) and `maxAttempts` (the model's default unless given).
    private mutating func readTransaction(_ node: Node, value: (String) -> Node?) -> VectorTransaction? {
        guard let label = string(node, "'transaction'")?.value else { return nil }
        var reads: [VectorTransaction.Read] = []
        for item in value("reads").map(Self.items) ?? [] {
            guard let entries = mapping(item, "a read of a transaction") else { return nil }
            rejectUnknownKeys(entries, allowed: ["get", "with"], in: "a read of a transaction")
            guard let collection = entries.first(where: { $0.key.value == "get" }).flatMap({ string($0.value, "'get'")?.value }) else {
                error("a read of a transaction needs 'get', the collection, and 'with', the path's parameters and 'id'", at: item)
                return nil
            }
            var arguments: [(name: String, value: VectorValue)] = []
            if let with = entries.first(where: { $0.key.value == "with" })?.value {
                guard case let .map(values)? = readValue(with) else { return nil }
                arguments = values.map { (name: $0.key, value: $0.value) }
            }
            reads.append(VectorTransaction.Read(collection: collection, arguments: arguments))
        }
        guard let writes = value("writes").map({ readSteps($0, of: "writes", holding: Self.typedWrites) }) ?? [],
              let concurrent = value("concurrently").map({ readSteps($0, of: "concurrently", holding: Self.concurrentWrites) }) ?? [],
              let contention = readContention(value("contention"), default: concurrent.isEmpty ? 0 : 1) else { return nil }
        var maxAttempts: Int?
        if let node = value("maxAttempts") {
            guard let count = node.int else {
                error("'maxAttempts' is the most times the transaction runs: a whole number", at: node)
                return nil
            }
            maxAttempts = count
        }
        return VectorTransaction(label: label, reads: reads, writes: writes, concurrent: concurrent, contention: contention, maxAttempts: maxAttempts)
    }

    /// `contention`: how many attempts meet the concurrent writes, `fallback` unless given.
    private mutating func readContention(_ node: Node?, default fallback: Int) -> Int? {
        guard let node else { return fallback }
        guard let count = node.int, count >= 0 else {
            error("'contention' is how many attempts meet the concurrent writes: a whole number, 0 or more", at: node)
            return nil
        }
        return count
    }

    /// A list of steps (or one) under `key`, each of the kind `kinds` allows (their name and
    /// the test): a transaction's typed writes, another client's writes.
    private mutating func readSteps(
        _ node: Node, of key: String, holding kinds: StepKinds
    ) -> [VectorStep.Action]? {
        let items = Self.items(node)
        let actions = items.compactMap { item -> VectorStep.Action? in
            guard let step = readStep(item) else { return nil }
            guard kinds.allows(step.action) else {
                error("'\(key)' holds only \(kinds.what)", at: item)
                return nil
            }
            return step.action
        }
        return actions.count == items.count ? actions : nil
    }

    /// The steps a list may hold: their name, for the error, and the test.
    private typealias StepKinds = (what: String, allows: @Sendable (VectorStep.Action) -> Bool)
    private static let typedWrites: StepKinds = (what: "typed write steps", allows: { action in if case .write = action { true } else { false } })
    private static let concurrentWrites: StepKinds = (what: "set, update and delete steps", allows: { action in
        switch action {
        case .set, .update, .delete: true
        default: false
        }
    })

    /// A sequence's items, or the one node.
    private static func items(_ node: Node) -> [Node] {
        if case let .sequence(items) = node { Array(items) } else { [node] }
    }

    /// `fill: { collection: PATH, count: N }`.
    private mutating func readFill(_ node: Node) -> VectorStep.Action? {
        guard let entries = mapping(node, "'fill'") else { return nil }
        rejectUnknownKeys(entries, allowed: ["collection", "count"], in: "'fill'")
        guard let collection = entries.first(where: { $0.key.value == "collection" }).flatMap({ readPath($0.value) }),
              let count = entries.first(where: { $0.key.value == "count" })?.value.int, count > 0 else {
            error("'fill' needs 'collection' and a 'count' above zero", at: node)
            return nil
        }
        return .fill(collection: collection, count: count)
    }

    /// `fail: { collection: PATH, message: TEXT }`, every listener on the collection, or
    /// `fail: { label: LABEL, message: TEXT }`, one subscription's.
    private mutating func readFail(_ node: Node) -> VectorStep.Action? {
        guard let entries = mapping(node, "'fail'") else { return nil }
        rejectUnknownKeys(entries, allowed: ["collection", "label", "message"], in: "'fail'")
        let entry = { (key: String) in entries.first { $0.key.value == key }?.value }
        let message = entry("message").flatMap { string($0, "'message'")?.value }
        if let message, let label = entry("label").flatMap({ string($0, "'label'")?.value }) {
            return .failSubscription(label: label, message: message)
        }
        guard let message, let collection = entry("collection").flatMap({ readPath($0) }) else {
            error("'fail' needs 'collection' (every listener on it) or 'label' (one subscription's), and 'message'", at: node)
            return nil
        }
        return .fail(collection: collection, message: message)
    }

    private mutating func missing<T>(_ key: String, at location: SourceLocation) -> T? {
        diagnostics.error("this step needs '\(key)'", at: location)
        return nil
    }

    /// `chatrooms/r1/messages/m1`, or a list of segments (for ids holding '/').
    private mutating func readPath(_ node: Node) -> [String]? {
        if case let .sequence(items) = node {
            let segments = items.compactMap { string($0, "a path segment")?.value }
            return segments.count == items.count ? segments : nil
        }
        return string(node, "a path").map { $0.value.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
    }

    private mutating func readTime(_ node: Node) -> VectorValue.Time? {
        guard let text = node.scalar?.string, let time = CanonicalText.parseTime(text) else {
            error("expected a UTC time like 2024-01-02T03:04:05Z, found \(describe(node))", at: node)
            return nil
        }
        return time
    }

    private mutating func readExpectations(_ node: Node) -> [Expectation]? {
        guard let entries = mapping(node, "'expect'") else { return nil }
        var result: [Expectation] = []
        for (key, value) in entries {
            switch key.value {
            case "listenersOf":
                for (label, count) in mapping(value, "'listenersOf' (labels to numbers)") ?? [] {
                    guard let number = count.int else { error("the listeners of '\(label.value)' must be a number", at: count); continue }
                    result.append(Expectation(subject: .listenersOf(label: label.value), lines: ["\(number)"], location: label.location))
                }
            case "listeners":
                guard let count = value.int else {
                    error("'listeners' must be a number", at: value)
                    continue
                }
                result.append(Expectation(subject: .listeners, lines: ["\(count)"], location: key.location))
            case "decodeFailures" where value.int != nil:
                result.append(Expectation(subject: .decodeFailureCount, lines: ["\(value.int ?? 0)"], location: key.location))
            case "decodeFailurePaths":
                guard case let .sequence(items) = value else {
                    error("'decodeFailurePaths' must be a list of document paths", at: value)
                    continue
                }
                let lines = items.compactMap { readPath($0).map { CanonicalText.of(.array($0.map(VectorValue.string))) } }
                result.append(Expectation(subject: .decodeFailurePaths, lines: lines, location: key.location))
            case "decodeFailures", "writeErrors":
                guard case let .sequence(items) = value else {
                    error("'\(key.value)' must be a list of messages\(key.value == "decodeFailures" ? ", or their number" : "")", at: value)
                    continue
                }
                let lines = items.compactMap { string($0, "a message")?.value }
                result.append(Expectation(subject: key.value == "decodeFailures" ? .decodeFailures : .writeErrors, lines: lines, location: key.location))
            default:
                guard case let .sequence(items) = value else {
                    error("the emissions of '\(key.value)' must be a list (every emission so far)", at: value)
                    continue
                }
                let lines = items.compactMap { item -> String? in
                    if item.tag.rawValue == "!error" { return "error: " + (item.scalar?.string ?? "") }
                    if item.tag.rawValue == "!done" { return "done" }
                    return readValue(item).map(CanonicalText.of)
                }
                result.append(Expectation(subject: .emissions(label: key.value), lines: lines, location: key.location))
            }
        }
        return result
    }

    /// A typed value: YAML's ints, floats (`.nan`, `-.inf`, `-0.0`), strings, bools, null,
    /// lists and mappings, and the tags `!timestamp`, `!serverTimestamp`, `!int`, `!double`,
    /// `!bytes "00ff"` (hexadecimal), `!reference rooms/r1` (a document's path) and
    /// `!geopoint [latitude, longitude]`.
    mutating func readValue(_ node: Node) -> VectorValue? {
        if node.tag.rawValue == "!geopoint" { return readGeoPoint(node) }
        switch node {
        case let .scalar(scalar):
            switch node.tag.rawValue {
            case "!timestamp": return readTime(node).map(VectorValue.timestamp)
            case "!serverTimestamp": return .serverTimestamp
            case "!bytes":
                guard let bytes = CanonicalText.parseHex(scalar.string) else {
                    error("'\(scalar.string)' is not bytes: '!bytes' takes hexadecimal digits, two a byte", at: node)
                    return nil
                }
                return .bytes(bytes)
            case "!reference":
                let path = scalar.string.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                guard path.count % 2 == 0, !path.contains(where: \.isEmpty) else {
                    error("'\(scalar.string)' is not a document's path: '!reference' takes segments joined by '/', an even number of them", at: node)
                    return nil
                }
                return .reference(path)
            case "!int":
                guard let value = Int64(scalar.string) else { error("'\(scalar.string)' is not an int", at: node); return nil }
                return .int(value)
            case "!double":
                guard let value = Double(scalar.string) ?? node.float else { error("'\(scalar.string)' is not a double", at: node); return nil }
                return .double(value)
            default: break
            }
            switch literal(node) {
            case .null?: return .null
            case let .bool(value)?: return .bool(value)
            case let .int(value)?: return .int(value)
            case let .double(value)?: return .double(value)
            case let .string(value)?: return .string(value)
            default: return .string(scalar.string)
            }
        case let .sequence(items):
            let values = items.compactMap { readValue($0) }
            return values.count == items.count ? .array(values) : nil
        case .mapping:
            guard let entries = mapping(node, "a map") else { return nil }
            let values = entries.compactMap { entry in readValue(entry.value).map { (key: entry.key.value, value: $0) } }
            return values.count == entries.count ? .map(values) : nil
        case .alias:
            error("aliases are not supported in vectors", at: node)
            return nil
        }
    }

    /// `!geopoint [latitude, longitude]`: numbers within −90...90 and −180...180.
    private mutating func readGeoPoint(_ node: Node) -> VectorValue? {
        guard case let .sequence(items) = node, items.count == 2, let latitude = readValue(items[0])?.number,
              let longitude = readValue(items[1])?.number, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else {
            error("'!geopoint' takes [latitude, longitude], within -90...90 and -180...180", at: node)
            return nil
        }
        return .geopoint(latitude: latitude, longitude: longitude)
    }

    /// An update's fields: dotted field paths, each to a value or a transform, each named once.
    private mutating func readFieldUpdates(_ node: Node) -> [(path: [String], update: VectorFieldUpdate)]? {
        guard let entries = mapping(node, "'fields'") else { return nil }
        var fields: [(path: [String], update: VectorFieldUpdate)] = []
        for entry in entries {
            let path = FieldPathText.segments(entry.key.value)
            if fields.contains(where: { $0.path == path }) {
                error("field '\(entry.key.value)' is updated twice", at: entry.value)
                return nil
            }
            guard let update = readFieldUpdate(entry.value) else { return nil }
            fields.append((path, update))
        }
        return fields
    }

    /// A typed write's arguments: names to values, or to transforms for an update's fields.
    private mutating func readArguments(_ node: Node) -> [(name: String, update: VectorFieldUpdate)]? {
        guard let entries = mapping(node, "'with'") else { return nil }
        let arguments = entries.compactMap { entry in readArgument(entry.value).map { (name: entry.key.value, update: $0) } }
        return arguments.count == entries.count ? arguments : nil
    }

    /// A typed write's argument: a field's update, or `!keys { KEY: UPDATE, … }`, changes of
    /// keys of a map field.
    private mutating func readArgument(_ node: Node) -> VectorFieldUpdate? {
        guard node.tag.rawValue == "!keys" else { return readFieldUpdate(node) }
        guard let entries = mapping(node, "'!keys'") else { return nil }
        let keys = entries.compactMap { entry in readFieldUpdate(entry.value).map { (key: entry.key.value, update: $0) } }
        return keys.count == entries.count ? .keys(keys) : nil
    }

    /// A field's update: `!delete`, `!increment NUMBER` (an int, or a double as YAML or Swift
    /// write it: `2.5`, `.nan`, `nan`, `1e+16`), `!arrayUnion [VALUES]`, `!arrayRemove [VALUES]`,
    /// or a value to set.
    private mutating func readFieldUpdate(_ node: Node) -> VectorFieldUpdate? {
        switch node.tag.rawValue {
        case "!delete":
            guard node.scalar?.string.isEmpty == true else { error("'!delete' takes no value", at: node); return nil }
            return .delete
        case "!increment":
            let text = node.scalar?.string ?? ""
            let yamlDoubles: [String: Double] = [".nan": .nan, ".inf": .infinity, "+.inf": .infinity, "-.inf": -.infinity]
            guard let number = Int64(text).map(VectorValue.int) ?? (Double(text) ?? yamlDoubles[text.lowercased()]).map(VectorValue.double) else {
                error("'!increment' takes an int or a double", at: node)
                return nil
            }
            return .increment(number)
        case "!arrayUnion", "!arrayRemove":
            guard case let .sequence(items) = node else { error("'\(node.tag.rawValue)' takes a list", at: node); return nil }
            let values = items.compactMap { readValue($0) }
            guard values.count == items.count else { return nil }
            return node.tag.rawValue == "!arrayUnion" ? .arrayUnion(values) : .arrayRemove(values)
        case let tag where tag.hasPrefix("!") && !["!timestamp", "!serverTimestamp", "!int", "!double", "!bytes", "!geopoint", "!reference"].contains(tag):
            error("unknown tag '\(tag)': an update's field takes a value, !delete, !increment, !arrayUnion or !arrayRemove\(tag == "!keys" ? " (!keys is for a typed update of a map: a store update names a key by its path, 'm.k')" : "")", at: node)
            return nil
        default:
            return readValue(node).map(VectorFieldUpdate.value)
        }
    }

    private func summary(_ kind: String, _ node: Node) -> String {
        switch node {
        case let .scalar(scalar): "\(kind) \(scalar.string)"
        case let .sequence(items): "\(kind) of \(items.count)"
        default: kind
        }
    }
}
