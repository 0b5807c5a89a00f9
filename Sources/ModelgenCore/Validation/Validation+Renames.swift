/// A type's name in each language: the schema's, or the one its `rename:` gives for a language,
/// checked like a type name; and a warning where a name hides one of a language's own types.
extension Validation {
    /// Checks every `rename:` and returns the renames of each declared type, by idiomatic type
    /// name, then language.
    mutating func resolveRenames(modelTypeName: String) -> [String: [String: String]] {
        let objects = schema.types + schema.collections.map(\.object)
        var renames: [String: [String: String]] = [:]
        for object in objects {
            guard let type = typeNames[object.name.value] else { continue }
            for (written, name) in object.renames {
                guard let language = Language.schemaLanguages.first(where: { $0.name == written.value }) else {
                    let names = Language.schemaLanguages.map(\.name)
                    let hint = Hint.closest(to: written.value, in: names).map { "did you mean '\($0)'?" } ?? "expected \(Hint.list(names))"
                    diagnostics.error("unknown language '\(written.value)' in 'rename'; \(hint)", at: written.location)
                    continue
                }
                guard checkName(name, what: "type name") else { continue }
                let renamed = NameCase.upperCamel(name.value)
                let flavours = Language.all.filter { $0.definition.schemaName == language.name }
                if renamed == modelTypeName || flavours.contains(where: { $0.definition.reservedNames.types.contains(renamed) }) {
                    diagnostics.error("type name '\(renamed)' is used by the generated \(language.definition.displayName) code; choose another name", at: name.location)
                    continue
                }
                renames[type, default: [:]][language.name] = renamed
            }
        }
        checkNamesPerLanguage(objects, renames: renames)
        return renames
    }

    /// In each language: no two types with one name, and a warning for a name that hides one of
    /// the language's own types (a flavour names types as its language does).
    private mutating func checkNamesPerLanguage(_ objects: [ObjectSyntax], renames: [String: [String: String]]) {
        for language in Language.schemaLanguages {
            var seen: [String: String] = [:]
            for object in objects {
                guard let type = typeNames[object.name.value] else { continue }
                let renamed = renames[type]?[language.definition.schemaName]
                let name = renamed ?? type
                let location = object.renames.first { $0.language.value == language.definition.schemaName }?.name.location ?? object.name.location
                if let other = seen[name], renamed != nil {
                    diagnostics.error("type '\(object.name.value)' is named '\(name)' in \(language.definition.displayName), as '\(other)' is", at: location)
                }
                seen[name] = seen[name] ?? object.name.value
                if language.definition.reservedNames.standard.contains(name) {
                    diagnostics.warning("type '\(name)' hides \(language.definition.displayName)'s own '\(name)' in code that imports the model; name it otherwise there with 'rename: { \(language.definition.schemaName): <name> }'", at: location)
                }
            }
        }
    }
}
