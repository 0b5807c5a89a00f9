/// A Mermaid flowchart of a model: collections (cylinders), embedded types (boxes) and streams
/// (rounded), with an edge from each stream's inputs to it, labelled with how it reads them,
/// and a dotted edge from each type to the embedded types its fields hold.
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
        lines += streamEdges + embeddingEdges
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
            case let .combine(combine): combine.inputs.map { edge(from: id(ofStream: $0), to: target, "combine") }
            }
        }.compactMap { $0 }
    }

    /// A dotted edge for each field (of a collection or embedded type) that holds an embedded type.
    private var embeddingEdges: [String] {
        let owners = model.collections.enumerated().map { (Self.collectionID($0), $1.fields) }
            + model.types.enumerated().map { (Self.typeID($0), $1.fields) }
        return owners.flatMap { owner, fields in
            fields.compactMap { field in
                guard let embedded = Self.embeddedTypeName(field.type), let index = model.types.firstIndex(where: { $0.name == embedded }) else { return nil }
                return "  \(owner) -.->|\(Self.quoted(field.name))| \(Self.typeID(index))"
            }
        }
    }

    private var styles: [String] {
        var lines: [String] = []
        for (kind, count, id) in [("collection", model.collections.count, Self.collectionID), ("embedded", model.types.count, Self.typeID), ("stream", model.streams.count, Self.streamID)] where count > 0 {
            lines.append("  class \((0..<count).map(id).joined(separator: ",")) \(kind)")
        }
        return [
            "  classDef collection fill:#e3f2fd,stroke:#1565c0",
            "  classDef embedded fill:#f3e5f5,stroke:#6a1b9a",
            "  classDef stream fill:#e8f5e9,stroke:#2e7d32",
        ] + lines
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
        }
    }

    /// Ids are positions, so that no name can clash with Mermaid's syntax.
    private static func collectionID(_ index: Int) -> String { "c\(index)" }
    private static func typeID(_ index: Int) -> String { "t\(index)" }
    private static func streamID(_ index: Int) -> String { "s\(index)" }

    /// The embedded type a field holds, directly or in a list, map or optional.
    static func embeddedTypeName(_ type: FieldType) -> String? {
        switch type {
        case let .object(name): name
        case let .array(element), let .map(element), let .optional(element): embeddedTypeName(element)
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
