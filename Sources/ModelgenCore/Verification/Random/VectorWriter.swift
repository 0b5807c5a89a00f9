/// Writes a vector as a vector file (the format ``VectorLoader`` reads): a random scenario,
/// minimised, with what the languages emitted as its expectations, for the user to keep.
struct VectorWriter {
    /// The schema line: the path of the schema file as the vector file should give it.
    var schemaPath: String

    /// The file's text: `comment` as `#` lines, the schema, the store's clock and the steps.
    func text(_ vector: Vector, comment: [String]) -> String {
        var lines = comment.map { $0.isEmpty ? "#" : "# \($0)" }
        lines += ["schema: \(YAMLText.scalar(schemaPath))", "store:", "  clock: \(CanonicalText.rfc3339(vector.clock))", "", "steps:"]
        for step in vector.steps {
            lines += Self.step(step.action).enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element }
        }
        return lines.fileText
    }

    /// A step's lines, the first to follow `- `, the others indented under it.
    static func step(_ action: VectorStep.Action) -> [String] {
        switch action {
        case let .set(path, data): ["set: \(self.path(path))", "data: \(YAMLText.value(.map(data)))"]
        case let .receive(path, data): ["receive: \(self.path(path))", "data: \(YAMLText.value(.map(data)))"]
        case let .update(path, fields):
            ["update: \(self.path(path))", "fields: { " + fields.map { "\(YAMLText.scalar(FieldPathText.text($0.path))): \(YAMLText.update($0.update))" }.joined(separator: ", ") + " }"]
        case let .delete(path): ["delete: \(self.path(path))"]
        case let .write(name, arguments):
            ["write: \(name)"] + (arguments.isEmpty ? [] : ["with: { " + arguments.map { "\(YAMLText.scalar($0.name)): \(YAMLText.update($0.update))" }.joined(separator: ", ") + " }"])
        case let .batch(writes): ["batch:"] + list(writes)
        case let .transaction(transaction): self.transaction(transaction)
        case let .concurrently(writes, attempts): ["concurrently:"] + list(writes) + (attempts == 1 ? [] : ["contention: \(attempts)"])
        case let .fill(collection, count): ["fill: { collection: \(self.path(collection)), count: \(count) }"]
        case let .flush(time): ["flush: \(time.map(CanonicalText.rfc3339) ?? "true")"]
        case let .advance(milliseconds): ["advance: \(milliseconds)ms"]
        case let .subscribe(label, stream, arguments), let .read(label, stream, arguments):
            ["\(action.streamUse?.once == true ? "read" : "subscribe"): \(YAMLText.scalar(label))", "stream: \(stream)"]
                + (arguments.isEmpty ? [] : ["with: \(YAMLText.value(.map(arguments.map { (key: $0.name, value: $0.value) })))"])
        case let .cancel(label): ["cancel: \(YAMLText.scalar(label))"]
        case let .fail(collection, message): ["fail: { collection: \(self.path(collection)), message: \(YAMLText.scalar(message)) }"]
        case let .failSubscription(label, message): ["fail: { label: \(YAMLText.scalar(label)), message: \(YAMLText.scalar(message)) }"]
        case let .expect(expectations): expect(expectations)
        }
    }

    /// Steps as the items of a list under a key.
    private static func list(_ actions: [VectorStep.Action]) -> [String] {
        actions.flatMap { action in step(action).enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element } }
    }

    /// A `transaction` step: its reads, typed writes, concurrent writes and contention.
    private static func transaction(_ transaction: VectorTransaction) -> [String] {
        let reads = transaction.reads.map { read in
            "  - { get: \(YAMLText.scalar(read.collection)), with: \(YAMLText.value(.map(read.arguments.map { (key: $0.name, value: $0.value) }))) }"
        }
        return ["transaction: \(YAMLText.scalar(transaction.label))"]
            + (reads.isEmpty ? [] : ["reads:"] + reads)
            + (transaction.writes.isEmpty ? [] : ["writes:"] + list(transaction.writes))
            + (transaction.concurrent.isEmpty ? [] : ["concurrently:"] + list(transaction.concurrent))
            + (transaction.contention == (transaction.concurrent.isEmpty ? 0 : 1) ? [] : ["contention: \(transaction.contention)"])
    }

    /// An `expect` step: each expectation, then the listeners of each subscription in one map.
    private static func expect(_ expectations: [Expectation]) -> [String] {
        let perLabel = expectations.compactMap { expectation -> String? in
            guard case let .listenersOf(label) = expectation.subject else { return nil }
            return "\(YAMLText.scalar(label)): \(expectation.lines.first ?? "0")"
        }
        return ["expect:"] + expectations.flatMap(expectation) + (perLabel.isEmpty ? [] : ["  listenersOf: { \(perLabel.joined(separator: ", ")) }"])
    }

    private static func expectation(_ expectation: Expectation) -> [String] {
        switch expectation.subject {
        case .listeners: ["  listeners: \(expectation.lines.first ?? "0")"]
        case .listenersOf: [] // all in one map, after the others
        case .decodeFailureCount: ["  decodeFailures: \(expectation.lines.first ?? "0")"]
        case .decodeFailurePaths:
            ["  decodeFailurePaths:"] + expectation.lines.map { line in
                guard case let .array(segments)? = CanonicalParser.value(line) else { return "    - \(YAMLText.quoted(line))" }
                return "    - \(path(segments.compactMap { if case let .string(text) = $0 { text } else { nil } }))"
            }
        case .decodeFailures, .writeErrors:
            ["  \(expectation.subject == .decodeFailures ? "decodeFailures" : "writeErrors"):"] + expectation.lines.map { "    - \(YAMLText.scalar($0))" }
        case let .emissions(label): ["  \(YAMLText.scalar(label)):"] + expectation.lines.map { "    - \(emission($0))" }
        }
    }

    /// An emission's canonical text as YAML: `!error message`, `!done`, or the value.
    private static func emission(_ line: String) -> String {
        if line.hasPrefix("error: ") { return "!error \(YAMLText.quoted(String(line.dropFirst(7))))" }
        if line == "done" { return "!done" }
        return CanonicalParser.value(line).map(YAMLText.value) ?? YAMLText.quoted(line)
    }

    /// A path as one string, or as a list of segments when a segment holds `/`.
    private static func path(_ segments: [String]) -> String {
        segments.contains { $0.contains("/") || $0.isEmpty }
            ? "[" + segments.map(YAMLText.scalar).joined(separator: ", ") + "]"
            : YAMLText.scalar(segments.joined(separator: "/"))
    }
}

/// Values as YAML flow text that ``YAMLNodeReader/readValue(_:)`` reads back to the same value.
enum YAMLText {
    static func value(_ value: VectorValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): "\(value)"
        case let .double(value): double(value)
        case let .timestamp(time): "!timestamp \(CanonicalText.rfc3339(time))"
        case let .string(text): scalar(text)
        case let .bytes(bytes): "!bytes \"\(CanonicalText.hex(bytes))\""
        case let .reference(path): "!reference \(scalar(path.joined(separator: "/")))"
        case let .geopoint(latitude, longitude): "!geopoint [\(double(latitude)), \(double(longitude))]"
        case let .array(values): "[" + values.map(self.value).joined(separator: ", ") + "]"
        case let .map(entries): entries.isEmpty ? "{}" : "{ " + entries.map { "\(scalar($0.key)): \(self.value($0.value))" }.joined(separator: ", ") + " }"
        // With an empty value: a tag alone before `,` would take the comma into its name.
        case .serverTimestamp: "!serverTimestamp \"\""
        }
    }

    /// A field's update: its value, or a transform tagged as ``VectorLoader`` reads it.
    static func update(_ update: VectorFieldUpdate) -> String {
        switch update {
        case let .value(value): self.value(value)
        case .delete: "!delete \"\""
        // One tag only: a double that needs `!double` goes in as Swift prints it (`nan`, `1e+16`).
        case let .increment(operand): "!increment " + value(operand).replacingOccurrences(of: "!double ", with: "")
        case let .arrayUnion(values): "!arrayUnion " + value(.array(values))
        case let .arrayRemove(values): "!arrayRemove " + value(.array(values))
        case let .keys(keys): keys.isEmpty ? "!keys {}" : "!keys { " + keys.map { "\(scalar($0.key)): \(self.update($0.update))" }.joined(separator: ", ") + " }"
        }
    }

    /// `1.5` and `-0.0` as they are; others, such as `nan` and `1e+16`, tagged `!double`.
    private static func double(_ value: Double) -> String {
        let text = "\(value)"
        let plain = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        return plain.count == 2 && plain.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) ? text : "!double \(text)"
    }

    /// A string: plain when YAML reads it back as that string, else double-quoted.
    static func scalar(_ text: String) -> String {
        let words = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "nan", "inf"]
        let plain = text.first.map { $0.isASCII && $0.isLetter } == true && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_/-.".contains($0)) }
        return plain && !words.contains(text.lowercased()) ? text : quoted(text)
    }

    /// A double-quoted YAML string, with YAML's escapes for `"`, `\\` and the characters YAML
    /// does not print.
    static func quoted(_ text: String) -> String {
        StringLiteralStyle.yaml.quoted(text)
    }
}

extension StringLiteralStyle {
    /// A YAML double-quoted scalar: `\u0007` for a control character, and for the C1 controls
    /// and U+FFFE, U+FFFF that YAML does not allow unescaped.
    static let yaml = StringLiteralStyle(
        extraEscapes: Dictionary(uniqueKeysWithValues: (Array(0x80...0x9F) + [0xFFFE, 0xFFFF]).map { (Unicode.Scalar(UInt32($0))!, fourDigitCodePoint(UInt32($0))) }),
        codePoint: fourDigitCodePoint
    )
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
