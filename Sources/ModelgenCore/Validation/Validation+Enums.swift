extension Validation {
    /// A string enum (`Rank: [bronze, silver, gold]`): each value must name a case in every
    /// language, and no two values may name the same case in one.
    mutating func resolveEnum(_ syntax: ObjectSyntax) -> EnumDefinition {
        let name = NameCase.upperCamel(syntax.name.value)
        var values: [String] = []
        var cases: [String: [String: String]] = [:]
        for value in syntax.values ?? [] {
            guard Self.isEnumValue(value.value) else {
                diagnostics.error("value '\(value.value)' of enum '\(syntax.name.value)' must start with a letter and hold only letters, digits, '_', '-', '.' and spaces (ASCII), so that it names a case in every language", at: value.location)
                continue
            }
            guard !values.contains(value.value) else {
                diagnostics.error("value '\(value.value)' of enum '\(syntax.name.value)' is listed twice", at: value.location)
                continue
            }
            if let problem = caseProblem(value.value, cases: &cases) {
                diagnostics.error("value '\(value.value)' of enum '\(syntax.name.value)' \(problem)", at: value.location)
                continue
            }
            values.append(value.value)
        }
        return EnumDefinition(name: name, doc: syntax.doc, values: values)
    }

    /// Why `value` cannot name a case in some language, recording the case it names in each.
    private func caseProblem(_ value: String, cases: inout [String: [String: String]]) -> String? {
        for language in Language.all {
            guard let caseName = language.definition.names.enumCase?(value) else { continue }
            let bare = caseName.replacingOccurrences(of: "`", with: "")
            if language.definition.reservedNames.enumCases.contains(bare) {
                return "becomes case '\(bare)' in \(language.definition.displayName), a member every generated enum has; give the value another name"
            }
            if let other = cases[language.name]?[bare] {
                return "becomes case '\(bare)' in \(language.definition.displayName), as '\(other)' does"
            }
            cases[language.name, default: [:]][bare] = value
        }
        return nil
    }

    /// An ASCII letter, then letters, digits, `_`, `-`, `.` and spaces.
    static func isEnumValue(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return value.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-. ".unicodeScalars.contains($0)) }
    }

    /// The values of the enum a type names, when it names one (optional or not).
    func enumValues(of type: FieldType) -> [String]? {
        guard case let .object(name) = type.nonOptional else { return nil }
        return enumValuesByName[name]
    }

    /// Whether values of the type have an order: a string enum's are ordered as strings.
    func isOrdered(_ type: FieldType) -> Bool {
        type.nonOptional.isOrdered || enumValues(of: type) != nil
    }

    /// Whether values of the type can key a distinct or a join: an ordered type but bytes and
    /// geopoints.
    func isKey(_ type: FieldType) -> Bool {
        switch type.nonOptional {
        case .bytes, .geopoint: false
        default: isOrdered(type)
        }
    }

    /// `literal` as a value of the enum `name`: one of its values, quoted as a string.
    static func enumLiteralProblem(_ literal: Literal, values: [String], enumName: String) -> String? {
        guard case let .string(value) = literal else {
            return "\(LiteralDescription.describe(literal)) is not a value of enum '\(enumName)'; it takes one of \(Hint.list(values))"
        }
        guard values.contains(value) else {
            return "'\(value)' is not a value of enum '\(enumName)'; it takes one of \(Hint.list(values))"
        }
        return nil
    }
}
