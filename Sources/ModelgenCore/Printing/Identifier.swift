/// The one rule every language's names follow: a name that starts with a digit gets `_` before
/// it; a reserved word is escaped the language's way.
enum Identifier {
    static func escaped(_ name: String, reserved: Set<String>, escape: (String) -> String) -> String {
        if let first = name.unicodeScalars.first, first.properties.numericType != nil {
            return "_" + name
        }
        return reserved.contains(name) ? escape(name) : name
    }
}
