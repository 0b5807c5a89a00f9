/// A vector's runner program, compiled: the Swift runner on Firestore's emulator runs vectors so.
/// The program — a store, a model where a step subscribes, and for each step its writes,
/// subscriptions, cancellations and failures between tracing the step and the store's
/// listeners — is printed here over the language's ``ProgramTable`` and ``RunnerTable``; the
/// language writes only its frame.

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
        let settle = virtualTime ? [program.settleTime] : []
        let steps = vector.steps.enumerated().map { index, step in
            [program.step.filling(["number": "\(index + 1)"])]
                + statements(step.action, model: model, typedWrites: typedWrites, step: index + 1, writes: &writes) + settle + [program.listeners]
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

/// How long a program's pieces may grow before they are split: short enough for Swift to
/// type-check quickly.
enum RunnerLimits {
    static let linesPerPart = 200
    static let writesPerFunction = 100
}

extension VectorVerification {
    /// The statements of one step (none for `expect`, which the runner checks outside), step
    /// number `step`; the writes of a long batch go into functions added to `writes`.
    func statements(_ action: VectorStep.Action, model: Model, typedWrites: [WriteDefinition], step: Int, writes functions: inout [[String]]) -> [String] {
        switch action {
        case .set, .update, .delete: return [program.attempt.filling(write(action, program.set, program.update, program.delete))]
        case let .write(name, arguments): return [program.attempt.filling(program.modelCommit.filling(writeCall(name, arguments, writes: typedWrites, model: model)))]
        case let .transaction(transaction): return statements(transaction, model: model, typedWrites: typedWrites, step: step)
        case let .concurrently(writes, attempts):
            let spelled = writes.map { write($0, program.batchSet, program.batchUpdate, program.batchDelete) }
            return [program.transactions.interleave.filling(["count": "\(attempts)"]).filling(spelled.joined(separator: ", "))]
        case let .receive(path, data):
            return [program.attempt.filling(program.set.filling(["path": self.path(path), "data": self.data(data)]))]
        case let .batch(actions):
            let writes = actions.map { action in
                if case let .write(name, arguments) = action { return writeCall(name, arguments, writes: typedWrites, model: model) }
                return write(action, program.batchSet, program.batchUpdate, program.batchDelete)
            }
            guard writes.count > RunnerLimits.writesPerFunction else {
                let typed = actions.allSatisfy { if case .write = $0 { true } else { false } }
                return [program.attempt.filling((typed ? program.modelCommit : program.commit).filling(writes.joined(separator: ", ")))]
            }
            let splitting = program.splitting
            let calls = stride(from: 0, to: writes.count, by: RunnerLimits.writesPerFunction).enumerated().map { index, start in
                let name = "writes\(step)x\(index + 1)"
                let share = writes[start..<min(start + RunnerLimits.writesPerFunction, writes.count)]
                functions.append([splitting.writesFunction.filling(["name": name]).filling(share.joined(separator: ", "))])
                return splitting.writesCall.filling(["name": name])
            }
            return [program.attempt.filling(splitting.commitWrites.filling(calls.joined(separator: splitting.writesSeparator)))]
        case let .fill(collection, count):
            let fill = program.fill.filling(["collection": path(collection), "count": "\(count)", "width": "\(String(count - 1).count)"])
            return [program.attempt.filling(fill)]
        case let .flush(at): return [at.map { program.flushAt.filling(["time": time($0)]) } ?? program.flush]
        case let .advance(milliseconds): return [program.advance.filling(["milliseconds": "\(milliseconds)"])]
        case let .subscribe(label, name, arguments), let .read(label, name, arguments):
            if let write = model.declaredWrites.first(where: { $0.name == name }) {
                let values = write.methodParameters(in: model).map { parameter in
                    let value = argument(arguments.first { NameCase.lowerCamel($0.name) == parameter.name }?.value ?? .null, as: parameter.type)
                    return labelled(value, for: parameter.name)
                }
                let call = "model.\(memberName(name))(\(values.joined(separator: ", ")))"
                let subscribe = write.check?.counter == nil ? runner.subscribe : runner.transactions.subscribeToEnd
                return [subscribe.filling(["label": strings.quoted(label), "call": call, "trace": runner.traceID])]
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
        case let .cancel(label): return [program.cancel.filling(["label": strings.quoted(label)])]
        case let .fail(collection, message): return [program.fail.filling(["path": path(collection), "message": strings.quoted(message)])]
        case let .failSubscription(label, message): return [program.failSubscription.filling(["label": strings.quoted(label), "message": strings.quoted(message)])]
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
        let splitting = program.splitting
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
            update.filling(["path": self.path(path), "fields": program.fields.filling(fields.map { field in
                program.fieldEntry.filling(["path": self.path(field.path), "value": fieldUpdate(field.update)])
            }.joined(separator: ", "))])
        case let .delete(path): delete.filling(["path": self.path(path)])
        default: ""
        }
    }

    private func fieldUpdate(_ update: VectorFieldUpdate) -> String {
        let spelling = program.fieldUpdates
        return switch update {
        case let .value(value): spelling.value.filling(self.value(value))
        case .delete: spelling.delete
        case let .increment(operand): spelling.increment.filling(value(operand))
        case let .arrayUnion(values): spelling.arrayUnion.filling(values.map { value($0) }.joined(separator: ", "))
        case let .arrayRemove(values): spelling.arrayRemove.filling(values.map { value($0) }.joined(separator: ", "))
        case .keys: "" // VectorLoader refuses '!keys' in a store update: a key is named by its path.
        }
    }

    /// A stored value.
    func value(_ value: VectorValue) -> String {
        switch value {
        case .null: program.null
        case let .bool(flag): program.bool.filling("\(flag)")
        case let .int(number): program.int.filling(program.long(number))
        case let .double(number): program.double.filling(program.number(number))
        case let .timestamp(time): program.timestamp.filling(self.time(time))
        case let .string(text): program.string.filling(strings.quoted(text))
        case .bytes: program.bytes.filling(typed(value))
        case .geopoint: program.geopoint.filling(typed(value))
        case let .reference(segments): program.reference.filling(path(segments))
        case let .array(values): program.array.filling(values.map { self.value($0) }.joined(separator: ", "))
        case let .map(entries): program.map.filling(data(entries))
        case .serverTimestamp: program.serverTimestamp
        }
    }

    /// A stream argument, typed by the parameter: `"r1"`, `4.5`, `listOf("a")`.
    func argument(_ value: VectorValue, as type: FieldType) -> String {
        switch (value, type.nonOptional) {
        case let (.array(values), .array(element)): literals.list.filling(values.map { argument($0, as: element) }.joined(separator: ", "))
        case let (.map(entries), .map(value)) where !entries.isEmpty:
            program.typedMap.filling(entries.map { program.entry.filling(["key": strings.quoted($0.key), "value": argument($0.value, as: value)]) }.joined(separator: ", "))
        case (.map, .map): literals.emptyMap
        // A reference's type decodes it, as an embedded type decodes its map.
        case let (.reference, .reference(name)): program.embedded.filling(["type": typeName(ReferenceType.name(of: name))]).filling(self.value(value))
        case let (.map, .object(name)): program.embedded.filling(["type": typeName(name)]).filling(self.value(value))
        // A string for a type is a value of a string enum.
        case let (.string(text), .object(name)): literal(.string(text), as: .object(name))
        case let (.int(number), .double): literal(.int(number), as: .double)
        case let (.double(number), _): program.number(number)
        case let (.timestamp(time), _): self.time(time)
        case (.bytes, _), (.geopoint, _): typed(value)
        case let (.string(text), _): strings.quoted(text)
        case let (.int(number), _): program.long(number)
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
        return program.row.filling(["type": typeName(name), "id": strings.quoted(id), "data": data(entries.filter { $0.key != "id" })])
    }

    /// Bytes or a geopoint as the language's own value.
    private func typed(_ value: VectorValue) -> String {
        switch value {
        case let .bytes(bytes): program.typedBytes.filling(bytes.map(program.byte).joined(separator: ", "))
        case let .geopoint(latitude, longitude): program.typedGeoPoint.filling(["latitude": program.number(latitude), "longitude": program.number(longitude)])
        default: literals.null
        }
    }

    func time(_ time: VectorValue.Time) -> String {
        program.time.filling(["seconds": program.long(time.seconds), "nanoseconds": "\(time.nanoseconds)"])
    }

    func path(_ segments: [String]) -> String {
        literals.list.filling(segments.map(strings.quoted).joined(separator: ", "))
    }

    func data(_ entries: [(key: String, value: VectorValue)]) -> String {
        guard !entries.isEmpty else { return program.emptyData }
        return program.data.filling(entries.map { program.entry.filling(["key": strings.quoted($0.key), "value": value($0.value)]) }.joined(separator: ", "))
    }

}
