/// Finds which of a set of names the code of a generated file uses, to write its imports.
enum SymbolScanner {
    /// The names in `names` that occur as whole words in `text` outside comment lines.
    static func used(_ names: [String], in text: String) -> [String] {
        let code = text.split(separator: "\n").filter { line in
            let start = line.drop { $0 == " " }
            return !start.hasPrefix("/**") && !start.hasPrefix("*") && !start.hasPrefix("//")
        }.joined(separator: "\n")
        return names.filter { uses($0, in: code) }
    }

    private static func uses(_ name: String, in text: String) -> Bool {
        let isWord = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } ?? false }
        var searchRange = text.startIndex..<text.endIndex
        while let range = text.range(of: name, range: searchRange) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !isWord(before), !isWord(after) { return true }
            searchRange = range.upperBound..<text.endIndex
        }
        return false
    }
}
