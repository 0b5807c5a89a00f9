/// A Mermaid flowchart of a model: collections (cylinders), embedded types (boxes), streams
/// (rounded) and declared writes (flags), with an edge from each stream's inputs to it, labelled
/// with how it reads them, a thick edge from each declared write to the collection it writes and a
/// dotted one from the stream it checks, and a dotted edge from each type to the embedded types
/// and collections (references) its fields hold.
struct ModelDiagram {
    let model: Model

    /// The diagram's Mermaid source, without the fence.
    var mermaid: String {
        var lines = ["flowchart LR"]
        for (index, collection) in model.collections.enumerated() {
            lines.append("  \(Self.collectionID(index))[(\(label(collection.name, collection.pathText)))]")
        }
        for (index, type) in model.types.enumerated() {
            lines.append("  \(Self.typeID(index))[[\(label(type.name, "embedded"))]]")
        }
        for (index, stream) in model.streams.enumerated() {
            lines.append("  \(Self.streamID(index))([\(label(stream.name, emission(stream.output)))])")
        }
        for (index, write) in model.declaredWrites.enumerated() {
            lines.append("  \(Self.writeID(index))>\(label(write.name, "\(write.kind.rawValue) \(write.collection)"))]")
        }
        lines += streamEdges + writeEdges + fieldEdges
        lines += styles
        return lines.joined(separator: "\n") + "\n"
    }

    private var streamEdges: [String] {
        model.streams.enumerated().flatMap { index, stream -> [String?] in
            let target = Self.streamID(index)
            return switch stream.kind {
            case let .document(collection): [edge(from: id(ofCollection: collection), to: target, "document")]
            case let .query(query): [edge(from: id(ofCollection: query.collection), to: target, "from")]
            case let .filter(filter): [edge(from: id(ofStream: filter.input), to: target, "filter")]
            case let .count(count): [edge(from: id(ofStream: count.input), to: target, "count")]
            case let .join(join): [edge(from: id(ofStream: join.left), to: target, "join"), edge(from: id(ofStream: join.right), to: target, "with")]
            case let .distinct(distinct): [edge(from: id(ofStream: distinct.input), to: target, "distinct")]
            case let .sort(sort): [edge(from: id(ofStream: sort.input), to: target, "sort")]
            case let .aggregate(aggregate): [edge(from: id(ofStream: aggregate.input), to: target, aggregate.function.rawValue)]
            case let .grouped(grouped): [edge(from: id(ofStream: grouped.input), to: target, "\(grouped.function.rawValue) by")]
            case let .combine(combine): combine.inputs.map { edge(from: id(ofStream: $0), to: target, "combine") }
            }
        }.compactMap { $0 }
    }

    /// A thick edge from each declared write to its collection, and a dotted one from its check's
    /// stream, or both ways between it and its counter's collection (read and changed).
    private var writeEdges: [String] {
        model.declaredWrites.enumerated().flatMap { index, write -> [String?] in
            let source = Self.writeID(index)
            return [
                id(ofCollection: write.collection).map { "  \(source) ==>|\(write.kind.rawValue)| \($0)" },
                write.check?.stream.flatMap { id(ofStream: $0) }.map { "  \($0) -.->|check| \(source)" },
                write.check?.counter.flatMap { id(ofCollection: $0.collection) }.map { "  \($0) <-.->|counter| \(source)" },
            ]
        }.compactMap { $0 }
    }

    /// A dotted edge for each field (of a collection or embedded type) that holds an embedded type
    /// or a reference to a collection's document.
    private var fieldEdges: [String] {
        let owners = model.collections.enumerated().map { (Self.collectionID($0), $1.fields) }
            + model.types.enumerated().map { (Self.typeID($0), $1.fields) }
        return owners.flatMap { owner, fields in
            fields.compactMap { field in
                let target: String? = if let embedded = Self.heldTypeName(field.type, reference: false) {
                    model.types.firstIndex { $0.name == embedded }.map(Self.typeID)
                } else {
                    Self.heldTypeName(field.type, reference: true).flatMap { id(ofCollection: $0) }
                }
                return target.map { "  \(owner) -.->|\(Self.quoted(field.name))| \($0)" }
            }
        }
    }

    /// A style for each kind of node the diagram has, and the nodes of each kind.
    private var styles: [String] {
        let kinds = [
            ("collection", "fill:#e3f2fd,stroke:#1565c0", model.collections.count, Self.collectionID),
            ("embedded", "fill:#f3e5f5,stroke:#6a1b9a", model.types.count, Self.typeID),
            ("stream", "fill:#e8f5e9,stroke:#2e7d32", model.streams.count, Self.streamID),
            ("write", "fill:#fff3e0,stroke:#e65100", model.declaredWrites.count, Self.writeID),
        ].filter { $0.2 > 0 }
        return kinds.map { kind, style, _, _ in "  classDef \(kind) \(style)" }
            + kinds.map { kind, _, count, id in "  class \((0..<count).map(id).joined(separator: ",")) \(kind)" }
    }

    private func edge(from source: String?, to target: String, _ label: String) -> String? {
        source.map { "  \($0) -->|\(label)| \(target)" }
    }

    private func id(ofCollection name: String) -> String? {
        model.collections.firstIndex { $0.name == name }.map(Self.collectionID)
    }

    private func id(ofStream name: String) -> String? {
        model.streams.firstIndex { $0.name == name }.map(Self.streamID)
    }

    private func label(_ name: String, _ detail: String) -> String {
        Self.quoted("\(name)<br/>\(detail)")
    }

    private func emission(_ output: StreamOutput) -> String {
        switch output {
        case let .list(element): "[\(element)]"
        case let .document(type): "\(type)?"
        case .count: "count"
        case let .value(type): type.schemaSpelling
        case let .record(type): type
        case let .groups(key, value): "\(key.schemaSpelling) → \(value.schemaSpelling)"
        }
    }

    /// Ids are positions, so that no name can clash with Mermaid's syntax.
    private static func collectionID(_ index: Int) -> String { "c\(index)" }
    private static func typeID(_ index: Int) -> String { "t\(index)" }
    private static func streamID(_ index: Int) -> String { "s\(index)" }
    private static func writeID(_ index: Int) -> String { "w\(index)" }

    /// The embedded type (or with `reference`, the referenced collection) a field holds, directly
    /// or in a list, map or optional.
    static func heldTypeName(_ type: FieldType, reference: Bool) -> String? {
        switch type {
        case let .object(name): reference ? nil : name
        case let .reference(name): reference ? name : nil
        case let .array(element), let .map(element), let .optional(element): heldTypeName(element, reference: reference)
        default: nil
        }
    }

    /// Text in double quotes, with the characters Mermaid reads written as its entity codes.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "#quot;"
            case "#": escaped += "#35;"
            case "|": escaped += "#124;"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
