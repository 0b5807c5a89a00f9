/// Idiomatic case for schema names: `shop_image_url` → `shopImageUrl`, `chat_room` → `ChatRoom`.
///
/// Words are split at `_`, `-`, `.`, and spaces; the letters inside a word are kept, so
/// `userID` stays `userID`; leading capitals of a first word are lowered: `URLString` → `urlString`.
public enum NameCase {
    public static func lowerCamel(_ name: String) -> String {
        if isPlainIdentifier(name, firstIn: 0x61...0x7A) { return name }
        let parts = words(name)
        guard let first = parts.first else { return name }
        return lowercasingLeadingCapitals(first) + parts.dropFirst().map(uppercasingFirst).joined()
    }

    public static func upperCamel(_ name: String) -> String {
        if isPlainIdentifier(name, firstIn: 0x41...0x5A) { return name }
        let parts = words(name)
        guard !parts.isEmpty else { return name }
        return parts.map(uppercasingFirst).joined()
    }

    /// `in-progress`, `inProgress` → `IN_PROGRESS`: Kotlin's enum constants. Words split as for
    /// the camel cases, and a word's humps too (`userID` → `USER_ID`).
    public static func upperSnake(_ name: String) -> String {
        words(name).flatMap(humps).map { $0.uppercased() }.joined(separator: "_")
    }

    /// A word split before each capital that follows a small letter or digit, and before the
    /// last capital of a run followed by a small letter: `userIDValue` → `user`, `ID`, `Value`.
    private static func humps(_ word: String) -> [String] {
        let letters = Array(word)
        var parts: [String] = []
        var current = ""
        for (index, letter) in letters.enumerated() {
            let previous = index > 0 ? letters[index - 1] : nil
            let next = index + 1 < letters.count ? letters[index + 1] : nil
            let startsHump = letter.isUppercase && previous.map { !$0.isUppercase || (next?.isLowercase ?? false) } ?? false
            if startsHump, !current.isEmpty {
                parts.append(current)
                current = ""
            }
            current.append(letter)
        }
        return parts + (current.isEmpty ? [] : [current])
    }

    /// ASCII letters and digits only, the first in `first`: already in the case asked for.
    private static func isPlainIdentifier(_ name: String, firstIn first: ClosedRange<UInt8>) -> Bool {
        guard let head = name.utf8.first, first.contains(head) else { return false }
        return name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    private static func words(_ name: String) -> [String] {
        name.split(whereSeparator: { "_-. ".contains($0) }).map(String.init)
    }

    private static func uppercasingFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `Name` → `name`, `URL` → `url`, `URLString` → `urlString`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let capitals = word.prefix { $0.isUppercase }.count
        let count = capitals == word.count || capitals <= 1 ? capitals : capitals - 1
        return word.prefix(count).lowercased() + word.dropFirst(count)
    }
}
