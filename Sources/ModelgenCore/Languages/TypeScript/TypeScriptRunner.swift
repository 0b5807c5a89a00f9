/// Vector runners in TypeScript, over the TypeScript runtime and the runner's `Trace` (`Runtimes/verify/typescript`).
extension TypeScriptLanguage {
    var runner: RunnerTable { Self.runnerTable }

    private static let runnerTable = RunnerTable(
        null: "DocumentValue.null", bool: "DocumentValue.bool(%)", int: "DocumentValue.int(%)", double: "DocumentValue.double(%)",
        timestamp: "DocumentValue.timestamp(%)", string: "DocumentValue.string(%)", array: "DocumentValue.array([%])",
        map: "DocumentValue.map(%)", serverTimestamp: "DocumentValue.serverTimestamp",
        bytes: "DocumentValue.bytes(%)", geopoint: "DocumentValue.geoPoint(%)", reference: "DocumentValue.reference(%)",
        number: { $0.isNaN ? "NaN" : $0.isInfinite ? ($0 < 0 ? "-Infinity" : "Infinity") : $0 == 0 ? ($0.sign == .minus ? "-0" : "0") : "\($0)" },
        long: { "\($0)" },
        time: "new Timestamp($seconds, $nanoseconds)",
        typedBytes: "new Uint8Array([%])", typedGeoPoint: "new GeoPoint($latitude, $longitude)",
        entry: "[$key, $value]", data: "new Map<string, DocumentValue>([%])", emptyData: "new Map<string, DocumentValue>([])",
        typedMap: "new Map([%])", embedded: "$type.decode(%)", row: "$type.decode($id, $data)",
        fieldEntry: "[$path, $value]", fields: "[%]",
        fieldUpdates: FieldUpdates(
            value: "%", delete: "FieldUpdate.delete", increment: "FieldUpdate.increment(%)",
            arrayUnion: "FieldUpdate.arrayUnion([%])", arrayRemove: "FieldUpdate.arrayRemove([%])"
        ),
        writeCalls: WriteCalls(
            call: "model.$name(%)", named: nil, set: "$type.set(%)", delete: "$type.delete",
            serverTimestamp: "$type.serverTimestamp", increment: "$type.increment(%)", arrayUnion: "$type.arrayUnion(%)",
            arrayRemove: "$type.arrayRemove(%)", keys: "FieldChange.keys({ % })", keyEntry: "$key: $change"
        ),
        attempt: "trace.attempt(() => %);",
        set: "store.setData($data, $path)", update: "store.updateData($fields, $path)", delete: "store.deleteDocument($path)",
        batchSet: "{ kind: \"set\", path: $path, data: $data }", batchUpdate: "{ kind: \"update\", path: $path, fields: $fields }",
        batchDelete: "{ kind: \"delete\", path: $path }", commit: "store.commit([%])",
        fill: "store.commit(range($count).map((index): DocumentWrite => ({ kind: \"set\", path: [...$collection, paddedIndex(index, $width)], data: new Map([[\"n\", DocumentValue.int(index)]]) })))",
        flush: "store.flushPendingWrites();", flushAt: "store.flushPendingWrites($time);", settle: "await trace.settled();",
        virtualTime: VirtualTimeCalls(scheduler: "trace.time", advance: "trace.advance($milliseconds);", settle: "trace.settle();"),
        subscribe: "trace.subscribe($label, $call, $trace);", read: "await trace.read($label, $call, $trace);", cancel: "trace.cancel($label);",
        fail: "store.failListeners($path, new Error($message));", failSubscription: "trace.fail($label, $message);",
        scenario: ScenarioSpelling(
            value: "args.value($index, $codec)", row: "args.row($index, $type)", optionalRow: "args.optionalRow($index, $type)",
            given: "args.given($name, $codec)", givenOr: "...args.field($key, $name, $codec)", optionalOr: "...args.field($key, $name, $codec)", optional: "...args.field($key, $name, $codec)",
            id: "args.optional(\"id\", Codecs.string)", change: "...args.change<$key, $changeType>($key, $name, $codec)",
            flag: "...args.field($key, $name, $codec)", unchangedSince: "...args.document($key, $name, $type)"
        ),
        step: "trace.step($number);", listeners: "trace.listeners(store.listenerCount);",
        traceList: "(rows) => DocumentValue.array(rows.map(traced$element))",
        traceDocument: "(document) => (document === null ? DocumentValue.null : traced$type(document))",
        traceCount: "(count) => DocumentValue.int(count)",
        traceValue: "(value) => $codec.encode(value)",
        traceOptionalValue: "(value) => (value === null ? DocumentValue.null : $codec.encode(value))",
        traceGroups: "(groups) => DocumentValue.array(groups.map((group) => DocumentValue.map({ key: $keyCodec.encode(group.key), value: $codec.encode(group.value) })))",
        traceID: "(id) => DocumentValue.string(id)",
        tracedCollection: "function traced$name(value: $type): DocumentValue { return row($type.encode(value), value.id); }",
        tracedJoin: "function traced$name(value: $type): DocumentValue { return DocumentValue.map(new Map<string, DocumentValue>([$left, $right])); }",
        joinSide: "[$key, traced$element(value.$member)]",
        optionalJoinSide: "[$key, value.$member === null ? DocumentValue.null : traced$element(value.$member)]",
        traceRecord: "(record) => traced$name(record)",
        tracedRecord: "function traced$name(value: $type): DocumentValue { return DocumentValue.map(new Map<string, DocumentValue>([%])); }",
        recordMember: "[$key, $value]",
        memberTraces: MemberTraces(
            rows: "DocumentValue.array(%.map(traced$element))", document: "(% === null ? DocumentValue.null : traced$element(%))",
            count: "DocumentValue.int(%)", value: "$codec.encode(%)", optionalValue: "(% === null ? DocumentValue.null : $codec.encode(%))",
            groups: "DocumentValue.array(%.map((group) => DocumentValue.map({ key: $keyCodec.encode(group.key), value: $codec.encode(group.value) })))",
            record: "traced$element(%)"
        ),
        transactions: TransactionCalls(
            counter: "const $counter = new Attempts();", open: "await trace.transaction($label, model.runTransaction(async (transaction) => {", close: "}$options));",
            maxAttempts: ", { maxAttempts: % }",
            emit: "trace.emit($label, DocumentValue.array([%]));", read: "orNull(await transaction.$getter(%), traced$name)",
            concurrently: "if ($counter.next() <= $count) store.commit([%]);", write: "transaction.write(%);",
            interleave: "trace.interleave($count, [%]);", subscribeToEnd: "await trace.subscribeToEnd($label, $call, $trace);"
        ),
        splitting: RunnerSplitting(
            partHeader: "async function part$number(trace: Trace, store: InMemoryStore$model): Promise<void> {", modelParameter: ", model: $type",
            partCall: "await part$number(trace, store$model);",
            writesFunction: "function $name(): DocumentWrite[] { return [%]; }", writesCall: "...$name()", writesSeparator: ", ", commitWrites: "store.commit([%])"
        ),
        // What the Firestore adapter makes of an int the web SDK gives beyond Number.MAX_SAFE_INTEGER.
        receivedWideInt: "{ kind: \"int\", value: % }"
    )

    func program(_ frame: RunnerFrame) -> [String] {
        let body = frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + [
            "export async function run(trace: Trace): Promise<void> {",
            "  const store = new InMemoryStore({ pendingWrites: \(frame.pendingWrites), clock: () => \(frame.clock) });",
        ] + (frame.usesModel ? ["  const model = new \(frame.modelType)(trace.labelling(store), \(frame.virtualTime ? runner.virtualTime.scheduler : "queueScheduler"), trace.decodeFailure);"] : [])
            + Lines.indented(frame.statements, by: "  ") + ["}"] + (frame.functions.isEmpty ? [] : [""] + frame.functions)
        return ["// Generated by modelgen verify from \(frame.file). Do not edit."] + imports(for: body, frame: frame) + [""] + body
    }

    func scenarioTable(_ frame: ScenarioTableFrame) -> [String] {
        let cases = { (entries: [(key: String, statement: String)]) in
            entries.flatMap { ["    case \(strings.quoted($0.key)):", "      \($0.statement)", "      return;"] }
        }
        let table = [
            "const table: ScenarioTable<\(frame.modelType)> = {",
            "  model: (store, virtualTime, trace) => new \(frame.modelType)(store, virtualTime ? \(runner.virtualTime.scheduler) : queueScheduler, trace.decodeFailure),",
            "",
            "  async use(\(unused("model, stream, label, once, args, trace", in: frame.uses.map(\.subscribe) + frame.uses.map(\.read)))) {",
            "    switch (`${once ? \"read\" : \"subscribe\"} ${stream}`) {",
        ] + cases(frame.uses.flatMap { [(key: "subscribe \($0.name)", statement: $0.subscribe), (key: "read \($0.name)", statement: $0.read)] }) + [
            "    default:",
            "      throw new Error(`no stream ${stream}`);",
            "    }",
            "  },",
            "",
            "  write(\(unused("model, name, args", in: frame.writes.map(\.write)))) {",
            "    switch (name) {",
        ] + frame.writes.flatMap { ["    case \(strings.quoted($0.name)):", "      return \($0.write);"] } + [
            "    default:",
            "      throw new Error(`no write ${name}`);",
            "    }",
            "  },",
            "};",
            "",
            "/** Runs the scenarios on stdin through the table. */",
            "export function run(): void {",
            "  runScenarios(table);",
            "}",
        ]
        let body = frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + table
        let runner = RunnerFrame(
            file: "", module: "", modelModule: frame.modelModule, modelType: frame.modelType, modelNames: frame.modelNames, pendingWrites: false,
            virtualTime: false, clock: "", usesModel: true, tracing: [], statements: [], functions: []
        )
        return ["// Generated by modelgen verify for \(frame.schema). Do not edit."] + imports(for: body, frame: runner, scenarios: true) + [""] + body
    }

    /// The parameters, each that no case of `cases` uses marked unused (`_model`), as tsc's
    /// `noUnusedParameters` asks; `stream`, `once` and `name` are the switch's own.
    private func unused(_ parameters: String, in cases: [String]) -> String {
        let used = Set(SymbolScanner(cases.joined(separator: "\n")).used(["model", "label", "args", "trace"])).union(["stream", "once", "name"])
        return parameters.split(separator: ", ").map { used.contains(String($0)) ? String($0) : "_\($0)" }.joined(separator: ", ")
    }

    /// The imports of the names the runner uses: from RxJS, the runtime, the support file and the model.
    private func imports(for body: [String], frame: RunnerFrame, scenarios: Bool = false) -> [String] {
        let groups: [(names: [String], module: String, typeOnly: Bool)] = [
            (["queueScheduler"], "rxjs", false),
            (["Codecs", "DocumentValue", "FieldChange", "FieldUpdate", "GeoPoint", "InMemoryStore", "KeyChange", "Timestamp"], "./runtime/index.js", false),
            (["ArrayChange", "DeleteChange", "DocumentWrite", "IncrementChange", "KeysChange", "ServerTimestampChange", "SetChange"], "./runtime/index.js", true),
            (["Attempts", "orNull", "paddedIndex", "range", "row", "Trace"], "./support.js", false),
            (frame.modelNames.map(TypeScriptNames.type), "./\(frame.modelModule).js", false),
        ] + (scenarios ? [(["runScenarios"], "./scenarios.js", false), (["ScenarioTable"], "./scenarios.js", true)] : [])
        let used = Set(SymbolScanner(body.joined(separator: "\n")).used(groups.flatMap(\.names)))
        return groups.compactMap { group in TypeScriptImports.line(group.names.filter(used.contains), from: group.module, typeOnly: group.typeOnly) }
    }
}
