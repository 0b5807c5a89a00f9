/// The indefinite article before a type's name in a doc comment, by how the name is said:
/// `an Item`, `a User` (said "you"), `a URL` (an acronym, said by its letters), `an Hour`.
enum EnglishArticle {
    /// `a` or `an` for `name`, an UpperCamelCase type name.
    static func of(_ name: String) -> String {
        startsWithVowelSound(name) ? "an" : "a"
    }

    private static func startsWithVowelSound(_ name: String) -> Bool {
        let letters = Array(name)
        guard let first = letters.first else { return false }
        // An acronym (`URL`, `SMSCode`) or a letter is said letter by letter: F is "eff", U is "you".
        if first.isUppercase, letters.count == 1 || letters[1].isUppercase {
            return "AEFHILMNORSX".contains(first)
        }
        let lower = name.lowercased()
        if silentH.contains(where: lower.hasPrefix) { return true }
        if saidWithY.contains(where: lower.hasPrefix) { return false }
        if first == "U" || first == "u" {
            // `User`, `Unit`, `Utility` start with "you": a consonant and then a vowel after the U,
            // where `Un` is the prefix "un" (`Unread`, `Unused`) unless `Uni`.
            guard letters.count > 2, !isVowel(letters[1]), isVowel(letters[2]) else { return true }
            return lower.hasPrefix("un") && !lower.hasPrefix("uni")
        }
        return isVowel(first)
    }

    private static func isVowel(_ letter: Character) -> Bool {
        "aeiouAEIOU".contains(letter)
    }

    private static let silentH = ["hour", "honest", "honor", "honour", "heir"]
    private static let saidWithY = ["eu", "ewe", "one", "once", "uu"]
}
