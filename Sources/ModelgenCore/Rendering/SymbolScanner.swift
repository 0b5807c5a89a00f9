/// The identifier-like words of a generated file's code (comment lines left out), to tell which
/// names it uses when writing its imports.
struct SymbolScanner {
    private let text: String

    init(_ text: String) {
        self.text = text
    }

    /// The names in `names` that the code uses as whole words: runs of letters, digits, `_`, `$`
    /// and non-ASCII bytes, outside lines that start with `//`, `/*` or `*`. One pass over the
    /// text, so ask for every name at once.
    func used(_ names: [String]) -> [String] {
        let wanted = Set(names)
        let lengths = Set(names.map(\.utf8.count))
        var found: Set<String> = []
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, found.count < wanted.count {
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                let isComment = ["//", "/*", "*"].contains { Self.starts(bytes, at: index, with: $0) }
                var wordStart: Int?
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    if isComment {
                        index += 1
                        continue
                    }
                    if Self.isWordByte(bytes[index]) {
                        if wordStart == nil { wordStart = index }
                    } else if let start = wordStart {
                        Self.note(bytes[start..<index], lengths: lengths, wanted: wanted, found: &found)
                        wordStart = nil
                    }
                    index += 1
                }
                if let start = wordStart { Self.note(bytes[start..<index], lengths: lengths, wanted: wanted, found: &found) }
                index += 1
            }
        }
        return names.filter(found.contains)
    }

    private static func note(_ word: Slice<UnsafeBufferPointer<UInt8>>, lengths: Set<Int>, wanted: Set<String>, found: inout Set<String>) {
        guard lengths.contains(word.count) else { return }
        let name = String(decoding: word, as: UTF8.self)
        if wanted.contains(name) { found.insert(name) }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: StaticString) -> Bool {
        guard index + prefix.utf8CodeUnitCount <= bytes.count else { return false }
        return (0..<prefix.utf8CodeUnitCount).allSatisfy { bytes[index + $0] == prefix.utf8Start[$0] }
    }
}
