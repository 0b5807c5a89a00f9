/// The expressions of Firestore's rules language that check a stored value against the schema:
/// a field's type, its constraints, an embedded value's keys. Each is one line of text.
struct RulesExpressions {
    /// The name of the function that checks an embedded type's maps, by type name.
    var typeFunctions: [String: String]
    /// The name of the function that checks a reference into a collection, by collection name.
    var referenceFunctions: [String: String]
    var enums: [String: [String]]

    /// The largest magnitude of an `int`, exact in every language.
    static let intLimit: Int64 = (1 << 53) - 1

    /// Checks that `value` (an expression) holds a value of `type`, not null.
    func typeCheck(_ type: FieldType, _ value: String) -> String {
        switch type.nonOptional {
        case .string: "\(value) is string"
        case .int: "exactInt(\(value))"
        case .double: "\(value) is number"
        case .bool: "\(value) is bool"
        case .timestamp: "\(value) is timestamp"
        case .bytes: "\(value) is bytes"
        case .geopoint: "\(value) is latlng"
        // The rules language has no loop: a map's values and the elements of a list without a
        // small `maxItems` go unchecked (``elementChecks``).
        case .array: "\(value) is list"
        case .map: "\(value) is map"
        case let .reference(collection): "\(referenceFunctions[collection] ?? "is" + collection + "Reference")(\(value))"
        case let .object(name):
            if let values = enums[name] { "\(value) in \(Self.list(values))" } else { "\(typeFunctions[name] ?? "is" + name)(\(value))" }
        case .optional: "false"
        }
    }

    /// `typeCheck` and the field's constraints, each inclusive as the client checks them.
    func valueCheck(_ field: Field, _ value: String) -> String {
        var checks = [typeCheck(field.type, value)]
        let constraints = field.constraints
        if let min = constraints.min { checks.append("\(value) >= \(Self.number(min))") }
        if let max = constraints.max { checks.append("\(value) <= \(Self.number(max))") }
        if let min = constraints.minLength ?? constraints.minItems { checks.append("\(value).size() >= \(min)") }
        if let max = constraints.maxLength ?? constraints.maxItems { checks.append("\(value).size() <= \(max)") }
        if let values = constraints.values { checks.append("\(value) in \(Self.list(values))") }
        if !elementChecks(field).isEmpty { checks.append("\(Self.elementsFunction(field))(\(value))") }
        return checks.joined(separator: " && ")
    }

    /// The most elements of a list the rules check one by one.
    static let checkedElements = 20

    /// The checks of each element of `list`, a list field whose `maxItems` is at most
    /// ``checkedElements``, one by one as the rules language has no loop:
    /// `(list.size() <= 0 || list[0] is string)`; none for any other field.
    func elementChecks(_ field: Field) -> [String] {
        guard case let .array(element) = field.type.nonOptional, let count = field.constraints.maxItems, count <= Self.checkedElements else { return [] }
        return (0..<count).map { index in
            let item = "list[\(index)]"
            let check = element.isOptional ? "\(item) == null || \(typeCheck(element, item))" : typeCheck(element, item)
            return "(list.size() <= \(index) || \(check))"
        }
    }

    /// The name of the function that checks a list field's elements: `validTagsElements`.
    static func elementsFunction(_ field: Field) -> String {
        "valid\(NameCase.upperCamel(field.name))Elements"
    }

    /// The check of one field of `data` when it is present: a field a document must hold fails
    /// when it is missing; an optional one may be missing or null.
    func fieldCheck(_ field: Field, in data: String) -> String {
        let value = Self.member(field.key, of: data)
        if field.type.isOptional {
            return "\(data).get(\(Self.string(field.key)), null) == null || \(valueCheck(field, value))"
        }
        return valueCheck(field, value)
    }

    /// `data.key`, or `data['key']` where the key is no plain name of the rules language.
    static func member(_ key: String, of data: String) -> String {
        isIdentifier(key) && !keywords.contains(key) ? "\(data).\(key)" : "\(data)[\(string(key))]"
    }

    /// Whether `key` is an ASCII name (`[A-Za-z_][A-Za-z0-9_]*`), which the rules language (after
    /// a dot) and Firestore's field paths take unquoted.
    static func isIdentifier(_ key: String) -> Bool {
        key.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// A string literal of the rules language: single-quoted, with `\` escapes.
    static func string(_ text: String) -> String {
        StringLiteralStyle(codePoint: StringLiteralStyle.fourDigitCodePoint, escapesLineSeparators: false, quote: "'").quoted(text)
    }

    /// `['a', 'b']`.
    static func list(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ", ") + "]"
    }

    /// A bound as the rules language writes numbers: a whole one without a fraction.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Words of the rules language that a member cannot follow a dot as.
    static let keywords: Set<String> = [
        "allow", "false", "function", "if", "in", "is", "let", "match", "null", "return", "rules_version", "service", "true",
    ]
}
