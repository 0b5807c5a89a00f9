/// A vector as one line of JSON, the input of the data-driven runners, which run it through
/// their schema's table instead of compiling it (Documentation/Conformance.md, "Vectors as
/// data"). Values keep what JSON cannot: ints apart from doubles, NaN, −0, timestamps.
enum ScenarioLine {
    /// The line of `vector` of `model`, without its numbers (``numbered(_:_:model:)``).
    static func of(_ vector: Vector, model: Model) -> String {
        let steps = vector.steps.map { action($0.action, model) }
        let virtualTime = vector.steps.contains { if case .advance = $0.action { true } else { false } }
        let line: JSON = ["pendingWrites": .bool(vector.pendingWrites), "clock": time(vector.clock), "virtualTime": .bool(virtualTime), "steps": .array(steps)]
        return line.compactText()
    }

    /// The line as the runner's input, numbered `number`, run through the table of model number
    /// `model` of the runner's project: the runner prints `vector <number>` before its trace.
    static func numbered(_ line: String, _ number: Int, model: Int) -> String {
        "{\"vector\":\(number),\"model\":\(model)," + line.dropFirst()
    }

    private static func action(_ action: VectorStep.Action, _ model: Model) -> JSON {
        switch action {
        case let .set(path, data): step("set", ["path": strings(path), "data": entries(data)])
        case let .receive(path, data): step("receive", ["path": strings(path), "data": entries(data)])
        case let .update(path, fields): step("update", ["path": strings(path), "fields": .array(fields.map { [strings($0.path), update($0.update)] })])
        case let .delete(path): step("delete", ["path": strings(path)])
        case let .write(name, arguments): step("write", ["name": .string(name), "arguments": named(arguments)])
        case let .batch(writes): step("batch", ["writes": .array(writes.map { self.action($0, model) })])
        case let .fill(collection, count): step("fill", ["collection": strings(collection), "count": .int(count)])
        case let .flush(at): step("flush", at.map { ["at": time($0)] } ?? [:])
        case let .advance(milliseconds): step("advance", ["milliseconds": .int(milliseconds)])
        case let .subscribe(label, stream, arguments): use("subscribe", label, stream, arguments, model)
        case let .read(label, stream, arguments): use("read", label, stream, arguments, model)
        case let .cancel(label): step("cancel", ["label": .string(label)])
        case let .fail(collection, message): step("fail", ["collection": strings(collection), "message": .string(message)])
        case let .failSubscription(label, message): step("failSubscription", ["label": .string(label), "message": .string(message)])
        case .expect: step("expect", [:])
        case let .transaction(transaction): self.transaction(transaction, model)
        case let .concurrently(writes, attempts): step("concurrently", ["writes": .array(writes.map { self.action($0, model) }), "attempts": .int(attempts)])
        }
    }

    /// A transaction: each read a collection's getter (its type's name as the schema has it),
    /// its path parameters and `id` in order, null for one not given; its typed writes, another
    /// client's writes in its first `contention` attempts, and its most attempts when given.
    private static func transaction(_ transaction: VectorTransaction, _ model: Model) -> JSON {
        let reads = transaction.reads.map { read -> JSON in
            let collection = NameCase.upperCamel(read.collection)
            let parameters = model.collections.first { $0.schemaName == collection }?.pathParameters.map(\.name) ?? []
            let values = (parameters + ["id"]).map { name in read.arguments.first { $0.name == name }?.value ?? .null }
            return ["collection": .string(collection), "arguments": .array(values.map(value))]
        }
        var members: [String: JSON] = [
            "label": .string(transaction.label), "reads": .array(reads), "writes": .array(transaction.writes.map { action($0, model) }),
            "concurrent": .array(transaction.concurrent.map { action($0, model) }), "contention": .int(transaction.contention),
        ]
        if let maxAttempts = transaction.maxAttempts { members["maxAttempts"] = .int(maxAttempts) }
        return step("transaction", members)
    }

    /// A subscription or a read: its arguments in the order of the stream's (or the declared
    /// write's) parameters, null for one the vector leaves out.
    private static func use(_ op: String, _ label: String, _ stream: String, _ arguments: [(name: String, value: VectorValue)], _ model: Model) -> JSON {
        let parameters = model.streams.first { $0.name == stream }?.parameters.map(\.name)
            ?? model.declaredWrites.first { $0.name == stream }?.methodParameters(in: model).map(\.name) ?? []
        let values = parameters.map { parameter in arguments.first { NameCase.lowerCamel($0.name) == parameter }?.value ?? .null }
        return step(op, ["label": .string(label), "stream": .string(stream), "arguments": .array(values.map(value))])
    }

    private static func step(_ op: String, _ members: [String: JSON]) -> JSON {
        .object(members.merging(["op": .string(op)]) { $1 })
    }

    private static func named(_ arguments: [(name: String, update: VectorFieldUpdate)]) -> JSON {
        .array(arguments.map { [.string($0.name), update($0.update)] })
    }

    static func update(_ update: VectorFieldUpdate) -> JSON {
        switch update {
        case let .value(value): ["value": self.value(value)]
        case .delete: ["delete": true]
        case let .increment(operand): ["increment": value(operand)]
        case let .arrayUnion(values): ["arrayUnion": .array(values.map(value))]
        case let .arrayRemove(values): ["arrayRemove": .array(values.map(value))]
        case let .keys(keys): ["keys": named(keys.map { (name: $0.key, update: $0.update) })]
        }
    }

    static func value(_ value: VectorValue) -> JSON {
        switch value {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .int(number): ["int": .string("\(number)")]
        case let .double(number): ["double": double(number)]
        case let .timestamp(time): ["timestamp": self.time(time)]
        case let .string(text): .string(text)
        case let .bytes(bytes): ["bytes": .array(bytes.map { .int(Int($0)) })]
        case let .reference(segments): ["reference": strings(segments)]
        case let .geopoint(latitude, longitude): ["geopoint": [double(latitude), double(longitude)]]
        case let .array(values): .array(values.map { self.value($0) })
        case let .map(entries): ["map": self.entries(entries)]
        case .serverTimestamp: ["serverTimestamp": true]
        }
    }

    private static func entries(_ entries: [(key: String, value: VectorValue)]) -> JSON {
        .array(entries.map { [.string($0.key), value($0.value)] })
    }

    /// A double as text every runner parses back to the same bits: Swift's shortest form
    /// (`-0.0`, `1e-05`), or `NaN`, `Infinity`, `-Infinity`.
    private static func double(_ number: Double) -> JSON {
        .string(number.isNaN ? "NaN" : number.isInfinite ? (number < 0 ? "-Infinity" : "Infinity") : "\(number)")
    }

    private static func time(_ time: VectorValue.Time) -> JSON {
        [.string("\(time.seconds)"), .int(Int(time.nanoseconds))]
    }

    private static func strings(_ texts: [String]) -> JSON {
        .array(texts.map(JSON.string))
    }
}
