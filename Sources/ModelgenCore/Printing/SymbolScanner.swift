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
        // The names by length, as bytes: a word is compared with the names of its length only.
        var byLength: [[(name: Int, bytes: [UInt8])]] = Array(repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for (index, name) in names.enumerated() { byLength[name.utf8.count].append((index, Array(name.utf8))) }
        var found = Array(repeating: false, count: names.count)
        var remaining = names.count
        func note(_ word: Slice<UnsafeBufferPointer<UInt8>>) {
            guard word.count < byLength.count else { return }
            for candidate in byLength[word.count] where !found[candidate.name] && word.elementsEqual(candidate.bytes) {
                found[candidate.name] = true
                remaining -= 1
            }
        }
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, remaining > 0 {
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
                        note(bytes[start..<index])
                        wordStart = nil
                    }
                    index += 1
                }
                if let start = wordStart { note(bytes[start..<index]) }
                index += 1
            }
        }
        return names.indices.filter { found[$0] }.map { names[$0] }
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
