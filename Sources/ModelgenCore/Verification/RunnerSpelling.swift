/// How one language's runners use a model: its streams subscribed and read, their emissions
/// traced, its typed writes called. Printed once, here, over the language's ``RunnerTable``, for
/// the scenario table every language builds (``ScenarioTable``) and the Swift program of a vector
/// on Firestore's emulator (``VectorVerification``); the language writes only the frames.
protocol RunnerSpelling: Spelling {
    var runner: RunnerTable { get }
    /// The scenario table's file: the model's construction, and its uses and writes in the
    /// interpreter's `ScenarioTable`, with the runner's entry point.
    func scenarioTable(_ frame: ScenarioTableFrame) -> [String]
}

extension RunnerSpelling {
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
