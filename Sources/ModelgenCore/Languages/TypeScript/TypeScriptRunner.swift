/// Vector runners in TypeScript, over the TypeScript runtime and the runner's `Trace` (`Runtimes/verify/typescript`).
extension TypeScriptLanguage {
    var runner: RunnerTable { Self.runnerTable }

    private static let runnerTable = RunnerTable(
        writeCalls: WriteCalls(
            call: "model.$name(%)", named: nil, set: "$type.set(%)", delete: "$type.delete",
            serverTimestamp: "$type.serverTimestamp", increment: "$type.increment(%)", arrayUnion: "$type.arrayUnion(%)",
            arrayRemove: "$type.arrayRemove(%)", keys: "FieldChange.keys({ % })", keyEntry: "$key: $change"
        ),
        settle: "await trace.settled();", virtualScheduler: "trace.time",
        subscribe: "trace.subscribe($label, $call, $trace);", read: "await trace.read($label, $call, $trace);",
        scenario: ScenarioSpelling(
            value: "args.value($index, $codec)", row: "args.row($index, $type)", optionalRow: "args.optionalRow($index, $type)",
            given: "args.given($name, $codec)", givenOr: "...args.field($key, $name, $codec)", optionalOr: "...args.field($key, $name, $codec)", optional: "...args.field($key, $name, $codec)",
            id: "args.optional(\"id\", Codecs.string)", change: "...args.change<$key, $changeType>($key, $name, $codec)",
            flag: "...args.field($key, $name, $codec)", unchangedSince: "...args.document($key, $name, $type)",
            transactionBody: "await body(transaction);"
        ),
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
            open: "await trace.transaction($label, model.runTransaction(async (transaction) => {", close: "}$options));",
            maxAttempts: ", { maxAttempts: % }", read: "orNull(await transaction.$getter(%), traced$name)",
            subscribeToEnd: "await trace.subscribeToEnd($label, $call, $trace);"
        )
    )

    func scenarioTable(_ frame: ScenarioTableFrame) -> [String] {
        let uses = frame.uses.flatMap { [(key: "subscribe \($0.name)", statements: [$0.subscribe, "return;"]), (key: "read \($0.name)", statements: [$0.read, "return;"])] }
        let table = [
            "export const table: ScenarioTable<\(frame.modelType), \(frame.transactionType)> = {",
            "  model: (store, virtualTime, trace) => new \(frame.modelType)(store, virtualTime ? \(runner.virtualScheduler) : queueScheduler, trace.decodeFailure),",
            "",
            "  async use(\(unused("model, stream, label, once, args, trace", in: frame.uses.map(\.subscribe) + frame.uses.map(\.read)))) {",
        ] + scenarioSwitch("`${once ? \"read\" : \"subscribe\"} ${stream}`", uses, otherwise: "no stream ${stream}") + [
            "  },",
            "",
            "  write(\(unused("model, name, args", in: frame.writes.map(\.write)))) {",
        ] + scenarioSwitch("name", frame.writes.map { (key: $0.name, statements: ["return \($0.write);"]) }, otherwise: "no write ${name}") + [
            "  },",
            "",
            "  async transaction(model, label, maxAttempts, trace, body) {",
        ] + Lines.indented(frame.transaction, by: "    ") + [
            "  },",
            "",
            "  async read(\(unused("transaction, collection, args", in: frame.reads.map(\.read)))) {",
        ] + scenarioSwitch("collection", frame.reads.map { (key: $0.collection, statements: ["return \($0.read);"]) }, otherwise: "no collection ${collection}") + [
            "  },",
            "",
            "  give(write, transaction) {",
            "    transaction.write(write);",
            "  },",
            "};",
        ]
        let body = frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + table
        return ["// Generated by modelgen verify for \(frame.schema). Do not edit."] + imports(for: body, frame: frame) + [""] + body
    }

    /// A method's switch over `subject`: a case per key running its statements, and an error saying `otherwise` for any other.
    private func scenarioSwitch(_ subject: String, _ cases: [(key: String, statements: [String])], otherwise: String) -> [String] {
        ["    switch (\(subject)) {"] + cases.flatMap { ["    case \(strings.quoted($0.key)):"] + Lines.indented($0.statements, by: "      ") }
            + ["    default:", "      throw new Error(`\(otherwise)`);", "    }"]
    }

    /// The parameters, each that no case of `cases` uses marked unused (`_model`), as tsc's
    /// `noUnusedParameters` asks; `stream`, `once`, `name` and `collection` are the switch's own.
    private func unused(_ parameters: String, in cases: [String]) -> String {
        let used = Set(SymbolScanner(cases.joined(separator: "\n")).used(["model", "label", "args", "trace", "transaction"])).union(["stream", "once", "name", "collection"])
        return parameters.split(separator: ", ").map { used.contains(String($0)) ? String($0) : "_\($0)" }.joined(separator: ", ")
    }

    /// The imports of the names the table uses: from RxJS, the runtime, the support file, the interpreter and the model.
    private func imports(for body: [String], frame: ScenarioTableFrame) -> [String] {
        let groups: [(names: [String], module: String, typeOnly: Bool)] = [
            (["queueScheduler"], "rxjs", false),
            (["Codecs", "DocumentValue", "FieldChange", "GeoPoint", "KeyChange", "Timestamp"], "./runtime/index.js", false),
            (["ArrayChange", "DeleteChange", "DocumentWrite", "IncrementChange", "KeysChange", "ServerTimestampChange", "SetChange"], "./runtime/index.js", true),
            (["orNull", "row"], "./support.js", false),
            (frame.modelNames.map(TypeScriptNames.type), "./\(frame.modelModule).js", false),
            (["ScenarioTable"], "./scenarios.js", true),
        ]
        let used = Set(SymbolScanner(body.joined(separator: "\n")).used(groups.flatMap(\.names)))
        return groups.compactMap { group in TypeScriptImports.line(group.names.filter(used.contains), from: group.module, typeOnly: group.typeOnly) }
    }
}
