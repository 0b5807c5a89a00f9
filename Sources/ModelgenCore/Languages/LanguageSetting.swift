/// A setting a schema gives a language (`kotlin: { package: com.example.chat }`), which a
/// configuration or a command-line option (`--option kotlin.package=com.example.app`) may override.
struct LanguageSetting: Sendable {
    /// The key under the language's name: `package`.
    var key: String
    /// Why `value` cannot be used, or nil when it can.
    var problem: @Sendable (_ value: String) -> String?
    /// The value's JSON Schema type, for editors: `string`, `boolean`.
    var jsonType = "string"

    init(key: String, jsonType: String = "string", problem: @escaping @Sendable (_ value: String) -> String?) {
        self.key = key
        self.jsonType = jsonType
        self.problem = problem
    }

    /// `firestoreAdapter: false`: leave out the Firestore adapter, which needs the Firebase SDK,
    /// from the runtime copied beside the model (`--option <language>.firestoreAdapter=false`).
    static let firestoreAdapter = LanguageSetting(key: "firestoreAdapter", jsonType: "boolean") { value in
        ["true", "false"].contains(value) ? nil : "'\(value)' is not true or false; 'firestoreAdapter: false' leaves the Firestore adapter out"
    }
}

extension LanguageDefinition {
    /// Whether the runtime copied for `model` holds the Firestore adapter: unless its
    /// `firestoreAdapter` setting is false.
    func writesFirestoreAdapter(_ model: Model) -> Bool {
        model.settings[schemaName]?["firestoreAdapter"] != "false"
    }
}

/// A language setting's value, and where it was given.
public struct SettingValue: Sendable {
    public enum Source: Sendable {
        /// In a schema or a configuration file.
        case location(SourceLocation)
        /// A command-line option, as given: `--option kotlin.package`.
        case option(String)
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
        case let .option(option): .error("\(option): \(problem)", at: nil)
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
    /// The override a command-line option gives: `kotlin.package=com.example.app`, a language's
    /// name, one of its settings and the value; throws a message saying what it takes otherwise.
    public static func override(option: String) throws(OptionError) -> SettingOverride {
        let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts.first?.split(separator: ".", maxSplits: 1).map(String.init) ?? []
        guard parts.count == 2, name.count == 2 else {
            throw OptionError("'--option \(option)': write LANGUAGE.SETTING=VALUE, like kotlin.package=com.example.app")
        }
        let withSettings = all.filter { !$0.definition.settings.isEmpty }
        guard let language = named(name[0]), !language.definition.settings.isEmpty else {
            throw OptionError("'--option \(option)': '\(name[0])' is no language with settings; choose from \(withSettings.map(\.name).joined(separator: ", "))")
        }
        guard let setting = language.definition.settings.first(where: { $0.key == name[1] }) else {
            let keys = language.definition.settings.map(\.key).joined(separator: ", ")
            throw OptionError("'--option \(option)': \(language.name) has no setting '\(name[1])'; it has \(keys)")
        }
        return SettingOverride(language: language, key: setting.key, value: SettingValue(parts[1], source: .option("--option \(name[0]).\(name[1])")))
    }
}

/// A command-line `--option` that names no setting, and why.
public struct OptionError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
