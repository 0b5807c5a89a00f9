/// The schema language as a JSON Schema (draft-07), for editors: yaml-language-server completes
/// keys, shows each key's documentation on hover, and marks unknown keys and wrong shapes as
/// you type. `modelgen json-schema` prints it. It checks the shape only; modelgen checks the rest.
public enum SchemaJSONSchema {
    /// The JSON Schema, as `modelgen json-schema` prints it.
    public static func text() throws -> String {
        try document.text()
    }

    static var document: JSON {
        [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "modelgen schema",
            "description": "A modelgen schema: collections, embedded types and the live streams derived from them. See Documentation/Schema.md.",
            "type": "object",
            "required": ["model"],
            "additionalProperties": false,
            "properties": .object(topLevelProperties),
            "definitions": definitions,
        ]
    }

    private static var topLevelProperties: [String: JSON] {
        var properties: [String: JSON] = [
            "model": documented(["type": "string"], "Required. The model's name: `Chat` generates `ChatModel` in every language."),
            "doc": documented(["type": "string"], "Documentation for the model type."),
            "types": documented(map(of: ["anyOf": [ref("stringEnum"), ref("embeddedType")]]), "Embedded value types (maps stored inside a document) and string enums."),
            "collections": documented(map(of: ref("collection")), "Firestore-style collections and the type of their documents."),
            "streams": documented(map(of: ref("stream")), "The live streams the model offers, each one method of the model type."),
            "writes": documented(map(of: ref("write")), "Declared writes: each one method of the model type returning a stream of the written document's id."),
        ]
        for language in Language.all where !language.definition.settings.isEmpty {
            let settings: JSON = [
                "type": "object",
                "additionalProperties": false,
                "properties": .object(Dictionary(uniqueKeysWithValues: language.definition.settings.map { ($0.key, ["type": .string($0.jsonType)]) })),
            ]
            properties[language.name] = documented(settings, SchemaDocs.settings[language.name] ?? "")
        }
        return properties
    }

    private static var definitions: JSON {
        [
            "fieldType": fieldType,
            "field": documented(["anyOf": [ref("fieldType"), longField]], "`name: type`, or `name: { type, key, default, doc, serverTimestamp }`. Every document also has `id`, its document id (it cannot be declared)."),
            "fields": map(of: ref("field")),
            "rename": documented([
                "type": "object",
                "propertyNames": ["enum": .array(Language.schemaLanguages.map { .string($0.name) })],
                "additionalProperties": ["type": "string"],
            ], SchemaDocs.rename),
            "embeddedType": [
                "type": "object",
                "if": ["required": ["fields"], "propertyNames": ["enum": ["fields", "doc", "rename"]]],
                "then": ["properties": ["fields": ref("fields"), "doc": ["type": "string"], "rename": ref("rename")]],
                "else": ["allOf": [ref("fields")], "minProperties": 1],
            ],
            "stringEnum": documented(["anyOf": [
                enumValues,
                ["type": "object", "required": ["values"], "additionalProperties": false, "properties": ["values": enumValues, "doc": ["type": "string"], "rename": ref("rename")]],
            ]], SchemaDocs.stringEnum),
            "collection": collection,
            "write": write,
            "orderBy": documented(["anyOf": [
                ["type": "string", "pattern": .string("^\\s*\(orderKey)(\\s*,\\s*\(orderKey))*\\s*$")],
                ["type": "array", "items": ["type": "string", "pattern": .string("^\\s*\(orderKey)\\s*$")], "minItems": 1],
            ]], SchemaDocs.orderBy),
            "predicate": documented(["type": "string"], SchemaDocs.predicate),
            // Exactly one kind's key, and then that kind's keys: an `if` per kind rather than a
            // `oneOf` of the kinds, so that a mistake is reported inside the kind it is in.
            "stream": [
                "type": "object",
                "oneOf": .array(streamKinds.map { ["required": [.string($0.key)]] }),
                "allOf": .array(streamKinds.map { ["if": ["required": [.string($0.key)]], "then": $0.schema] }),
            ],
        ]
    }

    /// A string enum's values: strings, at least one, each once.
    private static let enumValues: JSON = ["type": "array", "items": ["type": "string"], "minItems": 1, "uniqueItems": true]

    /// A field path and an optional direction: `createdAt desc`.
    private static let orderKey = #"[^\s,]+(\s+(asc|desc))?"#

    /// `string`, `[T]`, `map<T>`, `reference<C>`, a type's name, each optionally `?`; in YAML `[T]` may also be a
    /// list of one type.
    private static var fieldType: JSON {
        let spelled: JSON = [
            "type": "string",
            "pattern": #"^\s*(\[.+\]|map\s*<.+>|reference\s*<\s*[A-Za-z_][A-Za-z0-9_]*\s*>|[A-Za-z_][A-Za-z0-9_]*)\s*\??\s*$"#,
            "examples": ["string", "int", "double", "bool", "timestamp", "bytes", "geopoint", "reference<User>", "string?", "[string]", "map<int>"],
        ]
        let list: JSON = ["type": "array", "items": ref("fieldType"), "minItems": 1, "maxItems": 1]
        return documented(["anyOf": [spelled, list]], "A field whose type ends in `?` decodes a missing or null value as nil / null.")
    }

    private static var longField: JSON {
        [
            "type": "object",
            "required": ["type"],
            "additionalProperties": false,
            "properties": [
                "type": ref("fieldType"),
                "key": documented(["type": "string"], "the name the field is stored under, when it differs from the field's name."),
                "default": documented([
                    "type": ["number", "string", "boolean", "array", "object"], "maxItems": 0, "maxProperties": 0,
                ], "the value when the stored document lacks the field: a number, string, bool, `[]` or `{}`."),
                "doc": ["type": "string"],
                "serverTimestamp": documented(["anyOf": [
                    ["enum": ["create", "update"]],
                    ["type": "array", "items": ["enum": ["create", "update"]], "minItems": 1, "uniqueItems": true],
                ]], SchemaDocs.serverTimestamp),
                "min": documented(["type": "number"], SchemaDocs.constraints),
                "max": documented(["type": "number"], SchemaDocs.constraints),
                "minLength": documented(["type": "integer", "minimum": 0], SchemaDocs.constraints),
                "maxLength": documented(["type": "integer", "minimum": 0], SchemaDocs.constraints),
                "minItems": documented(["type": "integer", "minimum": 0], SchemaDocs.constraints),
                "maxItems": documented(["type": "integer", "minimum": 0], SchemaDocs.constraints),
                "values": documented(["type": "array", "items": ["type": "string"], "minItems": 1, "uniqueItems": true], SchemaDocs.constraints),
            ],
        ]
    }

    private static var collection: JSON {
        [
            "type": "object",
            "required": ["path"],
            "additionalProperties": false,
            "properties": [
                "path": documented(["type": "string"], "a collection path, with an odd number of segments. `{name}` segments become `String` parameters of every stream over the collection."),
                "doc": ["type": "string"],
                "fields": ref("fields"),
                "orderBy": ref("orderBy"),
                "rename": ref("rename"),
                "access": documented(access, SchemaDocs.access),
            ],
        ]
    }

    /// `access: { read: signedIn, write: owner(ownerUid) }`: each operation's condition.
    private static var access: JSON {
        let condition: JSON = ["anyOf": [
            ["type": "string", "pattern": "^(public|signedIn|never|(owner|member)\\(\\s*\\w+\\s*\\))$"],
            ["type": "object", "required": ["rule"], "additionalProperties": false, "properties": ["rule": ["type": "string"]]],
        ]]
        return [
            "type": "object",
            "additionalProperties": false,
            "properties": .object(Dictionary(uniqueKeysWithValues: AccessSyntax.operations.map { ($0, condition) })),
        ]
    }

    /// A declared write: one of `create`, `update`, `delete` naming its collection, the values it
    /// sets (`$parameter`, a literal, `serverTimestamp()`, `increment(…)`) and an optional check.
    private static var write: JSON {
        let collection: JSON = documented(["type": "string"], "The collection whose document the write changes.")
        let properties: [String: JSON] = [
            "create": collection, "update": collection, "delete": collection,
            "set": documented(["type": "object"], "The fields set: `$parameter`, a literal, `serverTimestamp()` or `increment(n)`."),
            "check": documented(
                ["type": "string"],
                "A count stream compared with a number, read once before writing (`speakCount < 10`), or a counter, an int field of one document, read and changed in one transaction with the write, so that a cap holds under concurrent writers (`Member[$uid].sentCount < 10`)."
            ),
            "doc": documented(["type": "string"], "Documentation for the write's method."),
        ]
        return [
            "type": "object",
            "additionalProperties": false,
            "properties": .object(properties),
            "oneOf": [["required": ["create"]], ["required": ["update"]], ["required": ["delete"]]],
        ]
    }

    /// The keys each kind of stream allows, by the key that names the kind.
    private static var streamKinds: [(key: String, schema: JSON)] {
        let doc: JSON = documented(["type": "string"], "Every stream takes `doc:` for its documentation.")
        let string: JSON = ["type": "string"]
        let debounce = documented(["type": "string", "pattern": #"^[0-9]+(\.[0-9]+)?m?s$"#], SchemaDocs.debounce)
        func kind(_ key: String, _ meaning: String, value: JSON = string, required: [String] = [], _ others: [String: JSON] = [:]) -> (key: String, schema: JSON) {
            (key, [
                "required": .array(([key] + required).map { .string($0) }),
                "additionalProperties": false,
                "properties": .object(others.merging([key: documented(value, meaning), "doc": doc, "debounce": debounce]) { $1 }),
            ])
        }
        let combined: JSON = [
            "type": "array", "items": string, "uniqueItems": true,
            "minItems": .int(Validation.combinedStreams.lowerBound), "maxItems": .int(Validation.combinedStreams.upperBound),
        ]
        return [
            kind("document", SchemaDocs.kinds["document"]!),
            kind("from", SchemaDocs.kinds["from"]!, [
                "where": ref("predicate"), "orderBy": ref("orderBy"),
                "limit": documented(limit, SchemaDocs.kinds["from"]!),
                "limitToLast": documented(limit, SchemaDocs.kinds["from"]!),
                "group": documented(["type": "boolean"], SchemaDocs.group),
            ].merging(CursorSyntax.keys.map { ($0, documented(cursor, SchemaDocs.cursor)) }) { $1 }),
            kind("filter", SchemaDocs.kinds["filter"]!, required: ["where"], ["where": ref("predicate")]),
            kind("count", SchemaDocs.kinds["count"]!, ["where": ref("predicate"), "by": documented(string, SchemaDocs.groupBy)]),
            kind("join", SchemaDocs.kinds["join"]!, required: ["with", "on", "as"], SchemaDocs.join.mapValues { documented($0.type, $0.doc) }),
            kind("distinct", SchemaDocs.kinds["distinct"]!, required: ["by"], ["by": documented(string, SchemaDocs.distinctBy)]),
            kind("sort", SchemaDocs.kinds["sort"]!, [
                "orderBy": documented(ref("orderBy"), SchemaDocs.sortOrderBy), "limit": documented(limit, SchemaDocs.kinds["sort"]!),
            ]),
        ] + StreamKind.Aggregate.Function.allCases.map(\.rawValue).map { name in
            kind(name, SchemaDocs.kinds[name]!, required: ["of"], [
                "of": documented(string, SchemaDocs.aggregateOf), "where": ref("predicate"), "by": documented(string, SchemaDocs.groupBy),
            ])
        } + [kind("combine", SchemaDocs.kinds["combine"]!, value: combined, ["type": documented(string, SchemaDocs.combineType)])]
    }

    /// A `limit`: a whole number above zero, or a `$parameter`.
    private static let limit: JSON = [
        "oneOf": [["type": "integer", "minimum": 1], ["type": "string", "pattern": "^\\$[A-Za-z_][A-Za-z0-9_]*$"]],
    ]

    /// A cursor: a row `$parameter`, or a list of values and `$parameters`.
    private static let cursor: JSON = [
        "oneOf": [
            ["type": "string", "pattern": "^\\$[A-Za-z_][A-Za-z0-9_]*$"],
            ["type": "array", "minItems": 1, "items": ["type": ["string", "number", "boolean", "null"]]],
        ],
    ]

    private static func ref(_ definition: String) -> JSON {
        ["$ref": .string("#/definitions/\(definition)")]
    }

    private static func map(of value: JSON) -> JSON {
        ["type": "object", "additionalProperties": value]
    }

    /// `schema` with `text` (Markdown, from Schema.md) as its hover documentation.
    static func documented(_ schema: JSON, _ text: String) -> JSON {
        schema.merging(["markdownDescription": .string(text), "description": .string(text.replacingOccurrences(of: "`", with: ""))])
    }
}
