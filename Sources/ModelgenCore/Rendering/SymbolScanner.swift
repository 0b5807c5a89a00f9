/// The identifier-like words of a generated file's code (comment lines left out), to tell which
/// names it uses when writing its imports.
struct SymbolScanner {
    private let words: Set<Substring>

    /// Reads `text` once, byte by byte: letters, digits, `_`, `$` and any non-ASCII byte make words.
    init(_ text: String) {
        var words: Set<Substring> = []
        for line in text.split(separator: "\n") {
            let bytes = line.utf8
            guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { continue }
            let rest = bytes[first...]
            if rest.starts(with: "/**".utf8) || rest.starts(with: "*".utf8) || rest.starts(with: "//".utf8) { continue }
            var start: Substring.UTF8View.Index?
            for index in bytes.indices {
                let byte = bytes[index]
                let isWord = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                if isWord, start == nil { start = index }
                if !isWord, let wordStart = start {
                    words.insert(Substring(line.utf8[wordStart..<index]))
                    start = nil
                }
            }
            if let wordStart = start { words.insert(Substring(line.utf8[wordStart...])) }
        }
        self.words = words
    }

    /// The names in `names` that the code uses as whole words.
    func used(_ names: [String]) -> [String] {
        names.filter { words.contains(Substring($0)) }
    }
}
