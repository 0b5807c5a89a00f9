/// A setting a schema gives a language (`kotlin: { package: com.example.chat }`), which a
/// configuration or a command-line flag may override.
struct LanguageSetting: Sendable {
    /// The key under the language's name: `package`.
    var key: String
    /// The command-line flag that overrides it: `--kotlin-package`.
    var flag: String
    /// Why `value` cannot be used, or nil when it can.
    var problem: @Sendable (_ value: String) -> String?
    /// The value's JSON Schema type, for editors: `string`, `boolean`.
    var jsonType = "string"

    init(key: String, flag: String, jsonType: String = "string", problem: @escaping @Sendable (_ value: String) -> String?) {
        self.key = key
        self.flag = flag
        self.jsonType = jsonType
        self.problem = problem
    }

    /// `firestoreAdapter: false`: leave out the Firestore adapter, which needs the Firebase SDK,
    /// from the runtime copied beside the model (`--<language>-firestore-adapter false`).
    static func firestoreAdapter(_ language: String) -> LanguageSetting {
        LanguageSetting(key: "firestoreAdapter", flag: "--\(language)-firestore-adapter", jsonType: "boolean") { value in
            ["true", "false"].contains(value) ? nil : "'\(value)' is not true or false; 'firestoreAdapter: false' leaves the Firestore adapter out"
        }
    }
}

extension LanguageDefinition {
    /// Whether the runtime copied for `model` holds the Firestore adapter: unless its
    /// `firestoreAdapter` setting is false.
    func writesFirestoreAdapter(_ model: Model) -> Bool {
        model.settings[name]?["firestoreAdapter"] != "false"
    }
}

/// A language setting's value, and where it was given.
public struct SettingValue: Sendable {
    public enum Source: Sendable {
        /// In a schema or a configuration file.
        case location(SourceLocation)
        /// A command-line flag: `--kotlin-package`.
        case flag(String)
    }

    public var value: String
    public var source: Source

    public init(_ value: String, source: Source) {
        self.value = value
        self.source = source
    }

    /// A problem with the value, reported where it was given.
    func diagnostic(_ problem: String) -> Diagnostic {
        switch source {
        case let .location(location): .error(problem, at: location)
        case let .flag(flag): .error("\(flag): \(problem)", at: nil)
        }
    }
}

/// A setting that replaces the one the schemas give: from a configuration or a command-line flag.
public struct SettingOverride: Sendable {
    public var language: Language
    public var key: String
    public var value: SettingValue

    public init(language: Language, key: String, value: SettingValue) {
        self.language = language
        self.key = key
        self.value = value
    }
}

extension Language {
    /// The override of the setting whose flag is `flag` (`--kotlin-package`) by `value`.
    public static func override(flag: String, value: String) -> SettingOverride? {
        for language in all {
            if let setting = language.definition.settings.first(where: { $0.flag == flag }) {
                return SettingOverride(language: language, key: setting.key, value: SettingValue(value, source: .flag(flag)))
            }
        }
        return nil
    }
}
