/// How one language writes a vector's runner program. The program is the same in every
/// language — a store, a model where a step subscribes, and for each step its writes,
/// subscriptions, cancellations and failures between tracing the step and the store's
/// listeners — and is printed once, here, over the language's ``RunnerTable``; the language
/// writes only the program's frame.
protocol RunnerSpelling: Spelling {
    var runner: RunnerTable { get }
    /// The scenario table's file: the model's construction, and its uses and writes in the
    /// interpreter's `ScenarioTable`, with the runner's entry point.
    func scenarioTable(_ frame: ScenarioTableFrame) -> [String]
}

/// What a runner program is made of, printed.
struct RunnerFrame {
    /// The vector file, named in the program's header.
    var file: String
    /// The module (package, file) the program is in, and the one its model is in, which
    /// vectors of the same schema share.
    var module: String
    var modelModule: String
    var modelType: String
    /// The model type, the embedded types and enums, the collections', join rows', records', references' and group rows' types, as the schema names them.
    var modelNames: [String]
    var pendingWrites: Bool
    /// Whether the model's scheduler runs on the trace's virtual clock: the vector advances time.
    var virtualTime: Bool
    /// The time the store's clock gives, printed.
    var clock: String
    var usesModel: Bool
    var tracing: [String]
    /// The statements of the `run` function: every step's, or the calls of the parts that hold them.
    var statements: [String]
    /// The functions after `run`: its parts, and those returning the writes of long batches.
    var functions: [String]
}

extension VectorVerification where Self: LanguageDefinition {
    /// The runner program of `vector` in `module`, whose schema is `model` (as the language
    /// names it), generated in `modelModule`.
    func program(_ vector: Vector, model: Model, module: String, modelModule: String) -> [String] {
        let typedWrites = model.writes(for: schemaName)
        let model = model.named(for: schemaName)
        var writes: [[String]] = []
        let virtualTime = vector.steps.contains { if case .advance = $0.action { true } else { false } }
        let settle = virtualTime ? runner.virtualTime.settle.map { [$0] } ?? [] : []
        let steps = vector.steps.enumerated().map { index, step in
            [runner.step.filling(["number": "\(index + 1)"])]
                + statements(step.action, model: model, typedWrites: typedWrites, step: index + 1, writes: &writes) + settle + [runner.listeners]
        }
        let usesModel = vector.steps.contains { $0.action.usesModel }
        let (body, parts) = split(steps, modelType: usesModel ? model.typeName : nil)
        return program(RunnerFrame(
            file: vector.file, module: module, modelModule: modelModule, modelType: model.typeName,
            modelNames: [model.typeName] + model.types.map(\.name) + model.enums.map(\.name) + model.collections.map(\.name) + model.joins.map(\.name)
                + ModelIndex(model).records.map(\.name) + model.references.map(\.name) + model.groupRows.map(\.name), pendingWrites: vector.pendingWrites,
            virtualTime: virtualTime, clock: time(vector.clock), usesModel: usesModel,
            tracing: tracingFunctions(for: model, types: tracedTypes(vector.steps, model: model)), statements: body,
            functions: Array((parts + writes).joined(separator: [""]))
        ))
    }
}

/// How long a program's pieces may grow before they are split: far below the JVM's 64 KB of code
/// a method may hold, and short enough for Swift to type-check quickly.
enum RunnerLimits {
    static let linesPerPart = 200
    static let writesPerFunction = 100
}

extension RunnerSpelling {
    /// The statements of one step (none for `expect`, which the runner checks outside), step
    /// number `step`; the writes of a long batch go into functions added to `writes`.
    func statements(_ action: VectorStep.Action, model: Model, typedWrites: [WriteDefinition], step: Int, writes functions: inout [[String]]) -> [String] {
        switch action {
        case .set, .update, .delete: return [runner.attempt.filling(write(action, runner.set, runner.update, runner.delete))]
        case let .write(name, arguments): return [runner.attempt.filling((runner.modelCommit ?? runner.commit).filling(writeCall(name, arguments, writes: typedWrites, model: model)))]
        case let .transaction(transaction): return statements(transaction, model: model, typedWrites: typedWrites, step: step)
        case let .concurrently(writes, attempts):
            let spelled = writes.map { write($0, runner.batchSet, runner.batchUpdate, runner.batchDelete) }
            return [runner.transactions.interleave.filling(["count": "\(attempts)"]).filling(spelled.joined(separator: ", "))]
        case let .receive(path, data):
            return [runner.attempt.filling(runner.set.filling(["path": self.path(path), "data": self.data(data, received: true)]))]
        case let .batch(actions):
            let writes = actions.map { action in
                if case let .write(name, arguments) = action { return writeCall(name, arguments, writes: typedWrites, model: model) }
                return write(action, runner.batchSet, runner.batchUpdate, runner.batchDelete)
            }
            guard writes.count > RunnerLimits.writesPerFunction else {
                let typed = actions.allSatisfy { if case .write = $0 { true } else { false } }
                return [runner.attempt.filling((typed ? runner.modelCommit ?? runner.commit : runner.commit).filling(writes.joined(separator: ", ")))]
            }
            let splitting = runner.splitting
            let calls = stride(from: 0, to: writes.count, by: RunnerLimits.writesPerFunction).enumerated().map { index, start in
                let name = "writes\(step)x\(index + 1)"
                let share = writes[start..<min(start + RunnerLimits.writesPerFunction, writes.count)]
                functions.append([splitting.writesFunction.filling(["name": name]).filling(share.joined(separator: ", "))])
                return splitting.writesCall.filling(["name": name])
            }
            return [runner.attempt.filling(splitting.commitWrites.filling(calls.joined(separator: splitting.writesSeparator)))]
        case let .fill(collection, count):
            let fill = runner.fill.filling(["collection": path(collection), "count": "\(count)", "width": "\(String(count - 1).count)"])
            return [runner.attempt.filling(fill)]
        case let .flush(at): return [at.map { runner.flushAt.filling(["time": time($0)]) } ?? runner.flush] + (runner.settle.map { [$0] } ?? [])
        case let .advance(milliseconds): return [runner.virtualTime.advance.filling(["milliseconds": "\(milliseconds)"])]
        case let .subscribe(label, name, arguments), let .read(label, name, arguments):
            if let write = model.declaredWrites.first(where: { $0.name == name }) {
                let values = write.methodParameters(in: model).map { parameter in
                    let value = argument(arguments.first { NameCase.lowerCamel($0.name) == parameter.name }?.value ?? .null, as: parameter.type)
                    return labelled(value, for: parameter.name)
                }
                let call = "model.\(memberName(name))(\(values.joined(separator: ", ")))"
                let subscribe = write.check?.counter == nil ? runner.subscribe : runner.transactions.subscribeToEnd
                return [subscribe.filling(["label": strings.quoted(label), "call": call, "trace": runner.traceID])] + (runner.settle.map { [$0] } ?? [])
            }
            guard let stream = model.streams.first(where: { $0.name == name }) else { return [] }
            let values = stream.parameters.map { parameter in
                let value = arguments.first { NameCase.lowerCamel($0.name) == parameter.name }?.value ?? .null
                return row(value, as: parameter.type, in: model) ?? argument(value, as: parameter.type)
            }
            let once = action.streamUse?.once == true
            return [(once ? runner.read : runner.subscribe).filling([
                "label": strings.quoted(label), "call": call(stream, values, once: once), "trace": trace(of: stream.output),
            ])]
        case let .cancel(label): return [runner.cancel.filling(["label": strings.quoted(label)])]
        case let .fail(collection, message): return [runner.fail.filling(["path": path(collection), "message": strings.quoted(message)])]
        case let .failSubscription(label, message): return [runner.failSubscription.filling(["label": strings.quoted(label), "message": strings.quoted(message)])]
        case .expect: return []
        }
    }

    /// The `run` function's statements and the part functions after it: the steps' statements
    /// themselves when they fit in one function, else calls of parts that hold whole steps.
    func split(_ steps: [[String]], modelType: String?) -> (statements: [String], parts: [[String]]) {
        var parts: [[String]] = [[]]
        for step in steps {
            if !parts[parts.count - 1].isEmpty, parts[parts.count - 1].count + step.count > RunnerLimits.linesPerPart { parts.append([]) }
            parts[parts.count - 1] += step
        }
        guard parts.count > 1 else { return (parts[0], []) }
        let splitting = runner.splitting
        // A part takes the model only if it uses it: an unused parameter is a warning in Kotlin and TypeScript.
        let usesModel = parts.map { lines in modelType != nil && lines.contains { $0.contains("model.") } }
        let calls = parts.indices.map { splitting.partCall.filling(["number": "\($0 + 1)", "model": usesModel[$0] ? ", model" : ""]) }
        let functions = parts.enumerated().map { index, lines in
            let parameter = usesModel[index] ? splitting.modelParameter.filling(["type": modelType ?? ""]) : ""
            return [splitting.partHeader.filling(["number": "\(index + 1)", "model": parameter])] + Lines.indented(lines, by: syntax.indent) + ["}"]
        }
        return (calls, functions)
    }

    /// A write: a set, an update or a delete, spelled by the pattern for its kind.
    func write(_ action: VectorStep.Action, _ set: String, _ update: String, _ delete: String) -> String {
        switch action {
        case let .set(path, data): set.filling(["path": self.path(path), "data": self.data(data)])
        case let .update(path, fields):
            update.filling(["path": self.path(path), "fields": runner.fields.filling(fields.map { field in
                runner.fieldEntry.filling(["path": self.path(field.path), "value": fieldUpdate(field.update)])
            }.joined(separator: ", "))])
        case let .delete(path): delete.filling(["path": self.path(path)])
        default: ""
        }
    }

    private func fieldUpdate(_ update: VectorFieldUpdate) -> String {
        let spelling = runner.fieldUpdates
        return switch update {
        case let .value(value): spelling.value.filling(self.value(value))
        case .delete: spelling.delete
        case let .increment(operand): spelling.increment.filling(value(operand))
        case let .arrayUnion(values): spelling.arrayUnion.filling(values.map { value($0) }.joined(separator: ", "))
        case let .arrayRemove(values): spelling.arrayRemove.filling(values.map { value($0) }.joined(separator: ", "))
        case .keys: "" // VectorLoader refuses '!keys' in a store update: a key is named by its path.
        }
    }

    /// `model.messages(roomId: "r1")`, or its read `model.fetchMessages(roomId: "r1")`.
    func call(_ stream: StreamDefinition, _ arguments: [String], once: Bool) -> String {
        let passed = zip(stream.parameters, arguments).map { labelled($1, for: $0.name) }
        return "model.\(memberName(once ? stream.readName : stream.name))(\(passed.joined(separator: ", ")))"
    }

    /// A closure from a stream's emission to its traced value.
    func trace(of output: StreamOutput) -> String {
        switch output {
        case let .list(element): runner.traceList.filling(["element": element])
        case let .document(type): runner.traceDocument.filling(["type": type])
        case .count: runner.traceCount
        case let .value(type):
            (type.isOptional ? runner.traceOptionalValue : runner.traceValue).filling(["codec": codec(type)])
        case let .record(type): runner.traceRecord.filling(["type": typeName(type), "name": type])
        case let .groups(key, value): runner.traceGroups.filling(["keyCodec": codec(key), "codec": codec(value)])
        }
    }

    /// The runtime's codec of a value of `type`, to trace an aggregate's value with.
    private func codec(_ type: FieldType) -> String {
        (self as? any RuntimeCodecs)?.codec(type.nonOptional) ?? ""
    }

    /// A record's member `value.member` traced by what its stream emits.
    private func trace(member: RecordType.Member) -> String {
        let traces = runner.memberTraces
        let (pattern, element): (String, String) = switch member.output {
        case let .list(element): (traces.rows, element)
        case let .document(type): (traces.document, type)
        case .count: (traces.count, "")
        case let .value(type): (type.isOptional ? traces.optionalValue : traces.value, "")
        case let .record(type): (traces.record, type)
        case .groups: (traces.groups, "")
        }
        let codecs = switch member.output {
        case let .value(type): (key: "", value: codec(type))
        case let .groups(key, value): (key: codec(key), value: codec(value))
        default: (key: "", value: "")
        }
        // The member may appear twice (`(% === null ? … : …(%))`).
        return pattern.filling(["element": element, "keyCodec": codecs.key, "codec": codecs.value]).split(separator: "%", omittingEmptySubsequences: false)
            .joined(separator: "value.\(memberName(member.name))")
    }

    /// A stored value; `received` from another client, whose ints may be beyond ±(2^53 − 1).
    func value(_ value: VectorValue, received: Bool = false) -> String {
        switch value {
        case .null: runner.null
        case let .bool(flag): runner.bool.filling("\(flag)")
        case let .int(number) where received && number.magnitude > 9_007_199_254_740_991:
            (runner.receivedWideInt ?? runner.int).filling(runner.long(number))
        case let .int(number): runner.int.filling(runner.long(number))
        case let .double(number): runner.double.filling(runner.number(number))
        case let .timestamp(time): runner.timestamp.filling(self.time(time))
        case let .string(text): runner.string.filling(strings.quoted(text))
        case .bytes: runner.bytes.filling(typed(value))
        case .geopoint: runner.geopoint.filling(typed(value))
        case let .reference(segments): runner.reference.filling(path(segments))
        case let .array(values): runner.array.filling(values.map { self.value($0, received: received) }.joined(separator: ", "))
        case let .map(entries): runner.map.filling(data(entries, received: received))
        case .serverTimestamp: runner.serverTimestamp
        }
    }

    /// A stream argument, typed by the parameter: `"r1"`, `4.5`, `listOf("a")`.
    func argument(_ value: VectorValue, as type: FieldType) -> String {
        switch (value, type.nonOptional) {
        case let (.array(values), .array(element)): literals.list.filling(values.map { argument($0, as: element) }.joined(separator: ", "))
        case let (.map(entries), .map(value)) where !entries.isEmpty:
            runner.typedMap.filling(entries.map { runner.entry.filling(["key": strings.quoted($0.key), "value": argument($0.value, as: value)]) }.joined(separator: ", "))
        case (.map, .map): literals.emptyMap
        // A reference's type decodes it, as an embedded type decodes its map.
        case let (.reference, .reference(name)): runner.embedded.filling(["type": typeName(ReferenceType.name(of: name))]).filling(self.value(value))
        case let (.map, .object(name)): runner.embedded.filling(["type": typeName(name)]).filling(self.value(value))
        // A string for a type is a value of a string enum.
        case let (.string(text), .object(name)): literal(.string(text), as: .object(name))
        case let (.int(number), .double): literal(.int(number), as: .double)
        case let (.double(number), _): runner.number(number)
        case let (.timestamp(time), _): self.time(time)
        case (.bytes, _), (.geopoint, _): typed(value)
        case let (.string(text), _): strings.quoted(text)
        case let (.int(number), _): runner.long(number)
        case let (.bool(flag), _): "\(flag)"
        default: literals.null
        }
    }

    /// A row argument (a cursor's row): a map holding `id` and the stored fields, for a
    /// parameter of a collection's type.
    func row(_ value: VectorValue, as type: FieldType, in model: Model) -> String? {
        guard case let .object(name) = type.nonOptional, model.collections.contains(where: { $0.name == name }),
              case let .map(entries) = value, case let .string(id)? = entries.first(where: { $0.key == "id" })?.value
        else { return nil }
        return runner.row.filling(["type": typeName(name), "id": strings.quoted(id), "data": data(entries.filter { $0.key != "id" })])
    }

    /// Bytes or a geopoint as the language's own value.
    private func typed(_ value: VectorValue) -> String {
        switch value {
        case let .bytes(bytes): runner.typedBytes.filling(bytes.map(runner.byte).joined(separator: ", "))
        case let .geopoint(latitude, longitude): runner.typedGeoPoint.filling(["latitude": runner.number(latitude), "longitude": runner.number(longitude)])
        default: literals.null
        }
    }

    func time(_ time: VectorValue.Time) -> String {
        runner.time.filling(["seconds": runner.long(time.seconds), "nanoseconds": "\(time.nanoseconds)"])
    }

    func path(_ segments: [String]) -> String {
        literals.list.filling(segments.map(strings.quoted).joined(separator: ", "))
    }

    func data(_ entries: [(key: String, value: VectorValue)], received: Bool = false) -> String {
        guard !entries.isEmpty else { return runner.emptyData }
        return runner.data.filling(entries.map { runner.entry.filling(["key": strings.quoted($0.key), "value": value($0.value, received: received)]) }.joined(separator: ", "))
    }

    /// One function per collection, join, group row and record type in `types` that turns a row
    /// into its traced value: the stored fields with `id`, or a map of the join's two sides, of a
    /// group row's path parameters and document, or of a record's members.
    func tracingFunctions(for model: Model, types: Set<String>) -> [String] {
        model.collections.filter { types.contains($0.name) }.map { collection in
            runner.tracedCollection.filling(["type": typeName(collection.name), "name": collection.name])
        } + model.joins.filter { types.contains($0.name) }.map { join in
            let sides = join.fields.map { field in
                let element = if case let .object(name) = field.type.nonOptional { name } else { field.name }
                return (field.type.isOptional ? runner.optionalJoinSide : runner.joinSide)
                    .filling(["key": strings.quoted(field.name), "member": memberName(field.name), "element": element])
            }
            return runner.tracedJoin.filling(["type": typeName(join.name), "name": join.name, "left": sides[0], "right": sides[1]])
        } + (ModelIndex(model).records + model.groupRows.map(Self.record)).filter { types.contains($0.name) }.map { record in
            let members = record.members.map { runner.recordMember.filling(["key": strings.quoted($0.name), "value": trace(member: $0)]) }
            return runner.tracedRecord.filling(["type": typeName(record.name), "name": record.name]).filling(members.joined(separator: ", "))
        }
    }

    /// A group row traced as a record: each path parameter a string, then the document.
    private static func record(_ row: GroupRowType) -> RecordType {
        let members = row.fields.map { field in
            RecordType.Member(name: field.name, doc: nil, output: field.type == .string ? .value(.string) : .record(type: row.collection))
        }
        return RecordType(name: row.name, stream: "", members: members)
    }

    /// The row and record types the subscriptions and reads of `steps` emit, with the types
    /// inside join rows and records.
    func tracedTypes(_ steps: [VectorStep], model: Model) -> Set<String> {
        var types: Set<String> = []
        let records = ModelIndex(model).records
        func add(_ name: String) {
            guard types.insert(name).inserted else { return }
            if let join = model.joins.first(where: { $0.name == name }) {
                for field in join.fields { if case let .object(inner) = field.type.nonOptional { add(inner) } }
            }
            if let row = model.groupRows.first(where: { $0.name == name }) { add(row.collection) }
            for member in records.first(where: { $0.name == name })?.members ?? [] {
                member.output.rowType.map(add)
            }
        }
        for step in steps {
            if case let .transaction(transaction) = step.action {
                for read in transaction.reads { add(NameCase.upperCamel(read.collection)) }
            }
            guard let name = step.action.streamUse?.stream, let stream = model.streams.first(where: { $0.name == NameCase.lowerCamel(name) }) else { continue }
            stream.output.rowType.map(add)
        }
        return types
    }
}
