/// An output language modelgen generates, over one reactive library (its flavour). ``all`` is
/// the registry: the generator, `verify`, the command line and the configuration all go through
/// it, and adding a language is one folder under `Languages/` plus one line here; adding a
/// flavour of a language is one folder under `Languages/`, one runtime layer under `Runtimes/`
/// plus one line here.
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// Every language and flavour, in the order their files are generated.
    public static let all = [
        Language(SwiftLanguage(CombineFlavour())),
        Language(KotlinLanguage(RxJavaFlavour())),
        Language(TypeScriptLanguage()),
        Language(KotlinLanguage(FlowFlavour())),
        Language(SwiftLanguage(AsyncFlavour())),
    ]

    /// What modelgen generates when no language is named: each language over its default
    /// reactive library (Combine, RxJava 3, RxJS), not the flavours a project opts into.
    public static let defaults = all.filter { $0.definition.schemaName == $0.name }

    /// The languages a schema's settings and renames are written for (`swift`, `kotlin`,
    /// `typescript`): a flavour takes those of its language.
    static let schemaLanguages = defaults

    /// The language called `name` (`swift`, `kotlin`, `typescript`).
    public static func named(_ name: String) -> Language? {
        all.first { $0.name == name }
    }

    let definition: any LanguageDefinition

    private init(_ definition: any LanguageDefinition) {
        self.definition = definition
    }

    /// The `--lang` name and the folder of the language's output: `swift`.
    public var name: String { definition.name }
    public var description: String { name }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
