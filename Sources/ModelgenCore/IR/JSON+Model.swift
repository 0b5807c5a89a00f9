// The JSON form of a model: its properties by name, `enums` and `declaredWrites` left out when
// empty (they came after version 1, so an older dump may lack them).
extension Model {
    private enum CodingKeys: String, CodingKey {
        case typeName, baseName, schemaFile, doc, settings, types, enums, collections, joins, streams, declaredWrites
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        typeName = try container.decode(String.self, forKey: .typeName)
        baseName = try container.decode(String.self, forKey: .baseName)
        schemaFile = try container.decode(String.self, forKey: .schemaFile)
        doc = try container.decodeIfPresent(String.self, forKey: .doc)
        settings = try container.decode([String: [String: String]].self, forKey: .settings)
        types = try container.decode([TypeDefinition].self, forKey: .types)
        enums = try container.decodeIfPresent([EnumDefinition].self, forKey: .enums) ?? []
        collections = try container.decode([CollectionDefinition].self, forKey: .collections)
        joins = try container.decode([JoinType].self, forKey: .joins)
        streams = try container.decode([StreamDefinition].self, forKey: .streams)
        declaredWrites = try container.decodeIfPresent([DeclaredWrite].self, forKey: .declaredWrites) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .typeName)
        try container.encode(baseName, forKey: .baseName)
        try container.encode(schemaFile, forKey: .schemaFile)
        try container.encodeIfPresent(doc, forKey: .doc)
        try container.encode(settings, forKey: .settings)
        try container.encode(types, forKey: .types)
        if !enums.isEmpty { try container.encode(enums, forKey: .enums) }
        try container.encode(collections, forKey: .collections)
        try container.encode(joins, forKey: .joins)
        try container.encode(streams, forKey: .streams)
        if !declaredWrites.isEmpty { try container.encode(declaredWrites, forKey: .declaredWrites) }
    }
}
