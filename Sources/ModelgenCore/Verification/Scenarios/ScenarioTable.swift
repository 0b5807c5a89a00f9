/// How a language's scenario table takes a step's arguments from the interpreter
/// (`Runtimes/verify/<language>/Scenarios`): `$index` a stream's argument by position, `$name` a
/// typed write's by name (`$key` the name as the language's code has it), `$codec` the runtime's
/// codec of the parameter's type, `$type` a row's type.
struct ScenarioSpelling: Sendable {
    /// A stream's argument, of any type but a collection's.
    var value: String
    /// A stream's argument of a collection's type (a cursor's row), and one that may be null.
    var row: String
    var optionalRow: String
    /// A typed write's argument that is always given: a path parameter, a create's field with no default.
    var given: String
    /// A create's field that may be left out: its value, or the signature's `$default`; an
    /// optional field's, which may also be given null.
    var givenOr: String
    var optionalOr: String
    /// A create's field that may be left out, whose default is null.
    var optional: String
    /// A create's new id: the given one, or a new one.
    var id: String
    /// An update's change of a field, or of keys of a map field, when given; `$changeType` its type.
    var change: String
    /// A precondition's flag, false when not given; `unchangedSince`'s row, when given.
    var flag: String
    var unchangedSince: String
    /// The body of the model's transaction in the table: handing the attempt's `transaction` to the interpreter's `body`.
    var transactionBody: String
}

/// What a scenario table is made of, printed: the language's frame puts it in a file.
struct ScenarioTableFrame {
    var schema: String
    /// The module (package, file) of the table, and the one of its model.
    var module: String
    var modelModule: String
    var modelType: String
    var transactionType: String
    var modelNames: [String]
    var tracing: [String]
    /// Each stream's or declared write's name, and its statement when subscribed and when read once.
    var uses: [(name: String, subscribe: String, read: String)]
    /// Each typed write's name, and the expression making it.
    var writes: [(name: String, write: String)]
    /// The statement running the model's transaction as `label`, given `maxAttempts`, each
    /// attempt handing its `transaction` to `body`.
    var transaction: [String]
    /// Each collection's name as the schema has it, and the expression reading its document in
    /// `transaction` through its getter, traced.
    var reads: [(collection: String, read: String)]
}

extension LanguageDefinition {
    /// The scenario table of `model` (generated in `modelModule`) in `module`: the interpreter's dispatch from
    /// the streams', declared writes' and typed writes' names to the model's methods, and its transactions.
    func scenarioTable(_ model: Model, module: String, modelModule: String) -> [String] {
        let typedWrites = model.writes(for: schemaName)
        let model = model.named(for: schemaName)
        let streams = model.streams.map { stream in
            (name: stream.name, subscribe: scenarioUse(stream, once: false, in: model), read: scenarioUse(stream, once: true, in: model))
        }
        let declared = model.declaredWrites.map { write in
            let use = scenarioUse(write, in: model)
            return (name: write.name, subscribe: use, read: use)
        }
        let everyStream = model.streams.map { VectorStep(generated: .subscribe(label: "", stream: $0.name, arguments: [])) }
        let traced = tracedTypes(everyStream, model: model).union(model.collections.map(\.name))
        return scenarioTable(ScenarioTableFrame(
            schema: model.baseName, module: module, modelModule: modelModule, modelType: model.typeName, transactionType: typeName(model.transactionTypeName),
            modelNames: [model.typeName, model.transactionTypeName] + model.types.map(\.name) + model.enums.map(\.name) + model.collections.map(\.name)
                + model.joins.map(\.name) + ModelIndex(model).records.map(\.name) + model.references.map(\.name) + model.groupRows.map(\.name),
            tracing: tracingFunctions(for: model, types: traced),
            uses: streams + declared, writes: typedWrites.map { (name: $0.name, write: scenarioWrite($0, in: model)) },
            transaction: scenarioTransaction(), reads: model.collections.map { (collection: $0.schemaName, read: scenarioRead($0, in: model)) }
        ))
    }

    /// The statement running the model's transaction, as a compiled runner's transaction step opens and closes it.
    private func scenarioTransaction() -> [String] {
        let calls = runner.transactions
        let options = calls.maxAttempts.filling("maxAttempts")
        return [calls.open.filling(["label": "label", "options": options])] + Lines.indented([runner.scenario.transactionBody], by: syntax.indent)
            + [calls.close.filling(["options": options])]
    }

    /// The read of a document of `collection` in `transaction`, its path parameters and id by position, traced.
    private func scenarioRead(_ collection: CollectionDefinition, in model: Model) -> String {
        let arguments = (collection.pathParameters.map(\.name) + ["id"]).enumerated().map { index, name in
            labelled(scenarioArgument(index, .string, in: model), for: name)
        }
        return runner.transactions.read.filling(["getter": memberName("get" + collection.schemaName), "type": typeName(collection.name), "name": collection.name])
            .filling(arguments.joined(separator: ", "))
    }

    /// The statement subscribing to `stream` as `label`, or reading it once.
    private func scenarioUse(_ stream: StreamDefinition, once: Bool, in model: Model) -> String {
        let values = stream.parameters.enumerated().map { index, parameter in scenarioArgument(index, parameter.type, in: model) }
        return (once ? runner.read : runner.subscribe).filling(["label": "label", "call": call(stream, values, once: once), "trace": trace(of: stream.output)])
    }

    /// The statement subscribing to the declared write's stream as `label`, waiting for its end
    /// when it runs a transaction.
    private func scenarioUse(_ write: DeclaredWrite, in model: Model) -> String {
        let values = write.methodParameters(in: model).enumerated().map { index, parameter in
            labelled(scenarioArgument(index, parameter.type, in: model), for: parameter.name)
        }
        let call = "model.\(memberName(write.name))(\(values.joined(separator: ", ")))"
        let subscribe = write.check?.counter == nil ? runner.subscribe : runner.transactions.subscribeToEnd
        return ([subscribe.filling(["label": "label", "call": call, "trace": runner.traceID])] + (runner.settle.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// A stream's argument `index` as the parameter's `type` takes it.
    private func scenarioArgument(_ index: Int, _ type: FieldType, in model: Model) -> String {
        let spelling = runner.scenario
        if case let .object(name) = type.nonOptional, model.collections.contains(where: { $0.name == name }) {
            return (type.isOptional ? spelling.optionalRow : spelling.row).filling(["index": "\(index)", "type": typeName(name)])
        }
        return spelling.value.filling(["index": "\(index)", "codec": scenarioCodec(type)])
    }

    /// The typed write `write` made from a step's named arguments.
    private func scenarioWrite(_ write: WriteDefinition, in model: Model) -> String {
        let spelling = runner.scenario
        let named = { (pattern: String, name: String, type: FieldType) in
            pattern.filling(["name": strings.quoted(name), "key": strings.quoted(variableName(name)), "codec": scenarioCodec(type), "changeType": changeType(type)])
        }
        var keys: [String: String] = [:]
        for parameter in write.collection.pathParameters { keys[parameter.name] = named(spelling.given, parameter.name, .string) }
        var fields: [String: String] = [:]
        for field in write.fields {
            fields[field.name] = switch (write.kind, createDefault(field)) {
            case (.create, nil): named(spelling.given, field.name, field.type)
            case let (.create, value?) where value == literals.null: named(spelling.optional, field.name, field.type)
            case let (.create, value?): named(field.type.isOptional ? spelling.optionalOr : spelling.givenOr, field.name, field.type).filling(["default": value])
            default: named(spelling.change, field.name, field.type)
            }
        }
        for nested in write.nested { fields[nested.name] = named(spelling.change, nested.name, nested.type) }
        var options: [WriteDefinition.Precondition: String] = [:]
        for option in write.kind.preconditions {
            options[option] = option.isFlag ? named(spelling.flag, option.rawValue, .bool)
                : spelling.unchangedSince.filling(["name": strings.quoted(option.rawValue), "key": strings.quoted(variableName(option.rawValue)), "type": typeName(write.collection.name)])
        }
        let id = write.kind == .create ? spelling.id : named(spelling.given, "id", .string)
        return typedWriteCall(write, call: runner.writeCalls.call.filling(["name": memberName(write.name)]), keys: keys, id: id, fields: fields, options: options)
    }

    /// The runtime's codec of `type`, where the language has codecs.
    private func scenarioCodec(_ type: FieldType) -> String {
        (self as? any RuntimeCodecs)?.codec(type) ?? ""
    }
}
