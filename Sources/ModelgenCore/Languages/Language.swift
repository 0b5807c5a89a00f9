/// An output language modelgen generates. ``all`` is the registry: the generator, `verify`, the
/// command line and the configuration all go through it, and adding a language is one folder
/// under `Languages/` plus one line here.
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// Every language, in the order their files are generated.
    public static let all = [
        Language(SwiftLanguage()),
        Language(KotlinLanguage()),
        Language(TypeScriptLanguage()),
    ]

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
