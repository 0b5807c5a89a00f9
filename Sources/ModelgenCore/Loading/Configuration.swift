import Foundation
import Yams

/// A `modelgen.yaml`: the schemas of a target and where the plugins put each language.
///
/// ```yaml
/// schemas: [chat.modelgen.yaml]        # default: the *.modelgen.yaml files beside this file
/// outputs:                             # folders, relative to this file, for 'generate-models'
///   kotlin: ../../android/app/src/main/kotlin
///   typescript: ../../web/src/model
///   swift: ../../Generated/Swift        # optional: the build plugin compiles the Swift
/// kotlin: { package: com.example.chat }
/// typescript: { runtimeModule: ./runtime/index.js }
/// rules: ../../firestore.rules           # optional: the schemas' security rules, written too
/// indexes: ../../firestore.indexes.json  # optional: the composite indexes their queries need
/// ```
public struct Configuration: Sendable {
    /// Schema paths, resolved against the configuration's folder.
    public var schemas: [String]
    /// Output folders by language, resolved against the configuration's folder.
    public var outputs: [Language: String]
    /// Settings that override the schemas', by language then key, with where each was written.
    public var settings: [SettingOverride] = []
    /// Where `modelgen rules`' file goes, resolved against the configuration's folder.
    public var rulesFile: String?
    /// Where `modelgen indexes`' file goes, resolved against the configuration's folder.
    public var indexesFile: String?

    /// Reads a configuration; every unknown key is reported with its dotted path.
    public static func load(_ source: SchemaSource) throws(DiagnosticsError) -> Configuration {
        let folder = (source.path as NSString).deletingLastPathComponent
        // `a/b/../../out` as `out`: paths appear in messages, and in the plugins' output.
        let resolve = { (path: String) -> String in
            let joined = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
            return (joined as NSString).standardizingPath
        }
        var configuration = Configuration(schemas: [], outputs: [:])
        let root: Node?
        do {
            root = try Yams.compose(yaml: source.text, .basic)
        } catch {
            throw DiagnosticsError([YAMLErrorTranslator.diagnostic(for: error, in: source)])
        }
        var reader = YAMLNodeReader(source: source)
        if let root, let entries = reader.mapping(root, "a modelgen configuration") {
            let languages = Language.all.filter { !$0.definition.settings.isEmpty }
            reader.rejectUnknownKeys(entries, allowed: ["schemas", "outputs", "rules", "indexes"] + languages.map(\.name), in: "the configuration")
            for (key, node) in entries {
                switch key.value {
                case "schemas":
                    let items: [Node] = if case let .sequence(sequence) = node { Array(sequence) } else { [node] }
                    configuration.schemas = items.compactMap { reader.string($0, "a schema path").map { resolve($0.value) } }
                case "rules":
                    configuration.rulesFile = reader.string(node, "the rules file's path").map { resolve($0.value) }
                case "indexes":
                    configuration.indexesFile = reader.string(node, "the indexes file's path").map { resolve($0.value) }
                case "outputs":
                    guard let outputs = reader.mapping(node, "'outputs'") else { continue }
                    reader.rejectUnknownKeys(outputs, prefix: "outputs", allowed: Language.all.map(\.name), in: "the configuration")
                    for (language, folder) in outputs {
                        if let language = Language.named(language.value), let path = reader.string(folder, "an output folder") {
                            configuration.outputs[language] = resolve(path.value)
                        }
                    }
                default:
                    guard let language = languages.first(where: { $0.name == key.value }), let options = reader.mapping(node, "'\(key.value)'") else { continue }
                    let keys = language.definition.settings.map(\.key)
                    reader.rejectUnknownKeys(options, prefix: key.value, allowed: keys, in: "the configuration")
                    for (option, value) in options where keys.contains(option.value) {
                        guard let value = reader.string(value, "'\(key.value).\(option.value)'") else { continue }
                        configuration.settings.append(SettingOverride(language: language, key: option.value, value: SettingValue(value.value, source: .location(value.location))))
                    }
                }
            }
        }
        try reader.diagnostics.throwIfErrors()
        if configuration.schemas.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            configuration.schemas = names.filter { $0.hasSuffix(".modelgen.yaml") }.sorted().map(resolve)
        }
        return configuration
    }
}

extension YAMLNodeReader {
    /// Reports keys of a nested mapping not in `allowed`, naming them by dotted path: `outputs.kotln`.
    mutating func rejectUnknownKeys(_ entries: [(key: Located<String>, value: Node)], prefix: String, allowed: [String], in what: String) {
        for entry in entries where !allowed.contains(entry.key.value) {
            let dotted = "\(prefix).\(entry.key.value)"
            let hint = Hint.closest(to: entry.key.value, in: allowed).map { "did you mean '\(prefix).\($0)'?" }
                ?? "expected \(Hint.list(allowed.map { "\(prefix).\($0)" }))"
            diagnostics.error("unknown key '\(dotted)' in \(what); \(hint)", at: entry.key.location)
        }
    }
}
