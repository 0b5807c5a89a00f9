/// Everything modelgen knows about one output language: its spellings and declarations, its
/// file layout and runtime, its settings and reserved names, the runner of conformance vectors
/// and its toolchain. Each language's folder holds one type that is all of these, in a file per
/// role; ``Language/all`` registers them.
protocol LanguageDefinition: RunnerSpelling, ScenarioVerification, WriteSpelling, TransactionSpelling {
    /// The `--lang` name, and the folder of its output and its templates: `swift`.
    var name: String { get }
    /// The language's name in messages: `Swift`.
    var displayName: String { get }
    /// The language whose schema settings and `rename:` entries this one takes: its own name,
    /// or its language's for a flavour (`kotlin` for `kotlin-flow`).
    var schemaName: String { get }
    /// The extension of its source files: `swift`, `kt`, `ts`.
    var fileExtension: String { get }
    /// Settings a schema or configuration gives under the language's name: `kotlin: { package: … }`.
    var settings: [LanguageSetting] { get }
    /// Names the language's generated code or runtime already uses.
    var reservedNames: ReservedNames { get }

    /// The model's file, by path in the language's folder: `chat.swift`, `chat/ChatModel.kt`.
    func path(for model: Model) -> String
    /// The lines a model's file opens with, after its header: package and imports.
    func preamble(for model: Model, declarations: String) -> String
    /// An embedded type or a collection's document type, with its codec.
    func typeDeclaration(_ type: DeclaredType) -> String
    /// A string enum, with its codec.
    func enumDeclaration(_ enumeration: EnumDefinition) -> String
    /// A join's row type.
    func joinDeclaration(_ join: JoinType) -> String
    /// A combine stream's record type.
    func recordDeclaration(_ record: RecordType) -> String
    /// The type of references to a collection's documents, with its codec.
    func referenceDeclaration(_ reference: ReferenceType) -> String
    /// The row type of a collection's group: its path's parameters and the document, with its codec.
    func groupRowDeclaration(_ row: GroupRowType) -> String
    /// The model type around its stream methods (printed by ``StreamPrinter``, framed, joined).
    func modelDeclaration(_ model: Model, streams: String, queries: [String]) -> String

    /// The runtime the generated code needs beside it: folders of `Runtimes/` (a library-neutral
    /// core and its reactive library's layer), each with the folder in the output it is copied
    /// to. None where the runtime is a library (Swift's ModelgenRuntime).
    var runtimes: [RuntimeFolder] { get }
    /// Whether `model`'s code imports the runtime copied beside it (not one of its own).
    func importsCopiedRuntime(_ model: Model) -> Bool
}

extension LanguageDefinition {
    func importsCopiedRuntime(_ model: Model) -> Bool { true }
    var schemaName: String { name }
}

/// A folder of `Runtimes/` that a language's output carries, and where in the output it goes.
struct RuntimeFolder: Sendable {
    /// The folder of `Runtimes/`: `kotlin`.
    var source: String
    /// The folder of the language's output it is copied to: `modelgen/runtime`.
    var destination: String
}

/// Names a language's generated code or runtime already uses, which a schema cannot take.
struct ReservedNames: Sendable {
    /// Types the generated code names without qualification: a schema type of the same name would hide them.
    var types: Set<String> = []
    /// Stream names (methods of the model) that are taken, and why.
    var streams: [String: String] = [:]
    /// Field names (properties of the generated types) that are taken, and why.
    var fields: [String: String] = [:]
    /// Types of the language's standard library and common frameworks that code importing the
    /// model names: a generated type of the same name hides them there (a warning, not an error).
    var standard: Set<String> = []
    /// Case names a generated string enum already has as members.
    var enumCases: Set<String> = []
}

extension ReservedNames {
    /// What the languages generated reserve — a schema generated for Swift alone may take a name
    /// only Kotlin reserves — and the model's own members, which every language has.
    static func of(_ languages: [Language]) -> ReservedNames {
        languages.map(\.definition.reservedNames).reduce(modelMembers) { all, language in
            ReservedNames(
                types: all.types.union(language.types),
                streams: all.streams.merging(language.streams) { first, _ in first },
                fields: all.fields.merging(language.fields) { first, _ in first },
                standard: all.standard.union(language.standard)
            )
        }
    }

    /// The generated model's own members, in every language.
    private static let modelMembers = ReservedNames(streams: [
        "store": "a property of the generated model", "scheduler": "a property of the generated model",
        "onDecodeFailure": "a property of the generated model",
    ])
}
