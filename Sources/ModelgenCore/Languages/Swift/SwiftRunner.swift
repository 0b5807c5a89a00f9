/// Vector runners in Swift, over the flavour's runtime layer and the runner's `Trace`
/// (`Runtimes/verify/swift`, with the flavour's subscriptions).
extension SwiftLanguage {
    var runner: RunnerTable { Self.runnerTable }
    var program: ProgramTable { Self.programTable }

    private static let runnerTable = RunnerTable(
        writeCalls: WriteCalls(
            call: "model.$name(%)", named: "$name: $value", set: ".set(%)", delete: ".delete", serverTimestamp: ".serverTimestamp",
            increment: ".increment(%)", arrayUnion: ".arrayUnion([%])", arrayRemove: ".arrayRemove([%])", keys: ".keys([%])", keyEntry: "$key: $change",
            noKeys: ":"
        ),
        virtualScheduler: ".virtual(trace.time)",
        subscribe: "trace.subscribe($label, $call, $trace)", read: "trace.read($label, { try await $call }, $trace)",
        scenario: ScenarioSpelling(
            value: "try arguments.value($index)", row: "try arguments.row($index)", optionalRow: "try arguments.optionalRow($index)",
            given: "try arguments.given($name)", givenOr: "try arguments.value($name) ?? $default", optionalOr: "try arguments.optional($name, or: $default)", optional: "try arguments.optional($name)",
            id: "try arguments.value(\"id\") ?? DocumentID.make()", change: "try arguments.change($name)", flag: "try arguments.value($name) ?? false",
            unchangedSince: "try arguments.row($name)", transactionBody: "try body(transaction)"
        ),
        traceList: "{ .array($0.map { traced($0) }) }", traceDocument: "{ $0.map { traced($0) } ?? .null }", traceCount: "{ .int(Int64($0)) }",
        traceValue: "{ $0.documentValue }", traceOptionalValue: "{ $0.documentValue }",
        traceGroups: "{ .array($0.map { .map([\"key\": $0.key.documentValue, \"value\": $0.value.documentValue]) }) }", traceID: "{ .string($0) }",
        tracedCollection: "func traced(_ value: $type) -> DocumentValue { row(value.documentData, id: value.id) }",
        tracedJoin: "func traced(_ value: $type) -> DocumentValue { .map([$left, $right]) }",
        joinSide: "$key: traced(value.$member)", optionalJoinSide: "$key: value.$member.map { traced($0) } ?? .null",
        traceRecord: "{ traced($0) }", tracedRecord: "func traced(_ value: $type) -> DocumentValue { .map([%]) }", recordMember: "$key: $value",
        memberTraces: MemberTraces(
            rows: ".array(%.map { traced($0) })", document: "%.map { traced($0) } ?? .null", count: ".int(Int64(%))",
            value: "%.documentValue", optionalValue: "%.documentValue",
            groups: ".array(%.map { .map([\"key\": $0.key.documentValue, \"value\": $0.value.documentValue]) })", record: "traced(%)"
        ),
        transactions: TransactionCalls(
            open: "trace.transaction($label) { try await model.runTransaction$options { transaction in", close: "} }",
            maxAttempts: "(maxAttempts: %)", read: "try transaction.$getter(%).map { traced($0) } ?? .null",
            subscribeToEnd: "trace.subscribeToEnd($label, $call, $trace)"
        )
    )

    private static let programTable = ProgramTable(
        null: ".null", bool: ".bool(%)", int: ".int(%)", double: ".double(%)", timestamp: ".timestamp(%)", string: ".string(%)",
        array: ".array([%])", map: ".map(%)", serverTimestamp: ".serverTimestamp", bytes: ".bytes(%)", geopoint: ".geoPoint(%)", reference: ".reference(%)",
        number: { $0.isNaN ? ".nan" : $0.isInfinite ? ($0 < 0 ? "-.infinity" : ".infinity") : double($0) }, long: { "\($0)" },
        time: "Timestamp(seconds: $seconds, nanoseconds: $nanoseconds)",
        typedBytes: "Data([%])", typedGeoPoint: "GeoPoint(latitude: $latitude, longitude: $longitude)",
        entry: "$key: $value", data: "[%]", emptyData: "[:]", typedMap: "[%]", embedded: "try! $type(documentValue: %)", row: "try! $type(id: $id, data: $data)", fieldEntry: "FieldPath($path): $value", fields: "[%]",
        fieldUpdates: FieldUpdates(value: ".value(%)", delete: ".delete", increment: ".increment(%)", arrayUnion: ".arrayUnion([%])", arrayRemove: ".arrayRemove([%])"),
        attempt: "trace.attempt { try % }",
        set: "store.setData($data, at: $path)", update: "store.updateData($fields, at: $path)", delete: "store.deleteDocument(at: $path)",
        batchSet: ".set($path, $data)", batchUpdate: ".update($path, $fields)", batchDelete: ".delete($path)", commit: "store.commit([%])",
        modelCommit: "store.commit(batch: [%]) { _ in }",
        fill: "store.commit((0..<$count).map { .set($collection + [paddedIndex($0, $width)], [\"n\": .int(Int64($0))]) })",
        flush: "store.flushPendingWrites()", flushAt: "store.flushPendingWrites(at: $time)",
        advance: "trace.advance($milliseconds)", settleTime: "trace.settle()", cancel: "trace.cancel($label)",
        fail: "store.failListeners(of: $path, with: VectorError($message))", failSubscription: "trace.fail($label, $message)",
        step: "trace.step($number)", listeners: "trace.listeners(store.listenerCount)",
        transactions: ProgramTransactions(
            counter: "let $counter = Attempts()", emit: "trace.emit($label, .array([%]))",
            concurrently: "if $counter.next() <= $count { try store.commit([%]) }", write: "transaction.write(try %)",
            interleave: "trace.interleave($count, [%])"
        ),
        splitting: RunnerSplitting(
            partHeader: "private func part$number(_ trace: Trace, _ store: VectorStore$model) {", modelParameter: ", _ model: $type",
            partCall: "part$number(trace, store$model)",
            writesFunction: "private func $name() -> [DocumentWrite] { [%] }", writesCall: "$name()", writesSeparator: " + ", commitWrites: "store.commit(%)"
        )
    )

    func program(_ frame: RunnerFrame) -> [String] {
        ["// Generated by modelgen verify from \(frame.file). Do not edit.", "import Foundation", "import \(frame.modelModule)", "import \(flavour.module)", "import VerifySupport", ""]
            + frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + [
                "public func run(_ trace: Trace) {",
                "    let store = VectorStore(pendingWrites: \(frame.pendingWrites), clock: { \(frame.clock) })",
            ] + (frame.usesModel ? ["    let model = \(frame.modelType)(store: trace.labelling(store), scheduler: \(frame.virtualTime ? runner.virtualScheduler : ".immediate"), onDecodeFailure: trace.decodeFailure)"] : [])
            + Lines.indented(frame.statements, by: "    ") + ["}"] + (frame.functions.isEmpty ? [] : [""] + frame.functions)
    }

    func scenarioTable(_ frame: ScenarioTableFrame) -> [String] {
        let (modelType, transactionType) = (frame.modelType, frame.transactionType)
        let table = [
            "struct Table: ScenarioTable {",
            "    func model(_ store: LabelledStore, virtualTime: Bool, _ trace: Trace) -> \(modelType) {",
            "        \(modelType)(store: store, scheduler: virtualTime ? \(runner.virtualScheduler) : .immediate, onDecodeFailure: trace.decodeFailure)",
            "    }",
            "",
            "    func use(_ model: \(modelType), _ stream: String, label: String, once: Bool, _ arguments: ScenarioArguments, _ trace: Trace) throws {",
        ] + Lines.indented(scenarioSwitch("(once ? \"read \" : \"subscribe \") + stream", frame.uses.flatMap { use in
            [(key: "subscribe \(use.name)", statement: use.subscribe), (key: "read \(use.name)", statement: use.read)]
        }, otherwise: "no stream \\(stream)"), by: "        ") + [
            "    }",
            "",
            "    func write(_ model: \(modelType), _ name: String, _ arguments: ScenarioArguments) throws -> DocumentWrite {",
        ] + Lines.indented(scenarioSwitch("name", frame.writes.map { (key: $0.name, statement: "return try \($0.write)") }, otherwise: "no write \\(name)"), by: "        ") + [
            "    }",
            "",
            "    func transaction(_ model: \(modelType), label: String, maxAttempts: Int, _ trace: Trace, _ body: @escaping @Sendable (\(transactionType)) throws -> Void) {",
        ] + Lines.indented(frame.transaction, by: "        ") + [
            "    }",
            "",
            "    func read(_ transaction: \(transactionType), _ collection: String, _ arguments: ScenarioArguments) throws -> DocumentValue {",
        ] + Lines.indented(scenarioSwitch("collection", frame.reads.map { (key: $0.collection, statement: "return \($0.read)") }, otherwise: "no collection \\(collection)"), by: "        ") + [
            "    }",
            "",
            "    func give(_ write: DocumentWrite, to transaction: \(transactionType)) {",
            "        transaction.write(write)",
            "    }",
            "}",
            "",
            "/// The table the runner's `main` hands the interpreter.",
            "public let table: any ScenarioTable = Table()",
        ]
        return ["// Generated by modelgen verify for \(frame.schema). Do not edit.", "import Foundation", "import \(frame.modelModule)", "import \(flavour.module)", "import VerifySupport", ""]
            + frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + table
    }

    /// A switch over `subject`: a case per key running its statement, and a ``ScenarioError`` saying `otherwise` for any other.
    private func scenarioSwitch(_ subject: String, _ cases: [(key: String, statement: String)], otherwise: String) -> [String] {
        ["switch \(subject) {"] + cases.flatMap { ["case \(strings.quoted($0.key)):", "    \($0.statement)"] }
            + ["default:", "    throw ScenarioError(\"\(otherwise)\")", "}"]
    }
}
