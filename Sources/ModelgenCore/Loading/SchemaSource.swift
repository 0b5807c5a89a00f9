import Foundation

/// The text of one schema file and the path it is reported under.
public struct SchemaSource: Hashable, Sendable {
    /// The path diagnostics print, as the user wrote it.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// Reads a schema file; an unreadable or non-UTF-8 file is a diagnostic at its path.
    public static func read(path: String) throws(DiagnosticsError) -> SchemaSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticsError([.error("cannot read schema file '\(path)'", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let (location, byte) = firstInvalidUTF8(in: data, file: path)
            throw DiagnosticsError([.error("schema file is not UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) is not part of a UTF-8 character; save the file as UTF-8", at: location)])
        }
        return SchemaSource(path: path, text: text)
    }

    /// Where the first byte that is not UTF-8 is, with columns counted in characters before it.
    private static func firstInvalidUTF8(in data: Data, file: String) -> (SourceLocation, UInt8) {
        var location = SourceLocation(file: file, line: 1, column: 1)
        var bytes = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case let .valid(encoded):
                offset += encoded.count
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    location.line += 1
                    location.column = 1
                } else {
                    location.column += 1
                }
            case .error:
                return (location, data[data.startIndex + offset])
            case .emptyInput:
                return (location, 0)
            }
        }
    }

    /// The name outputs are named after: the file name without `.modelgen.yaml`, `.yaml` or `.yml`.
    public var baseName: String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        if name.hasSuffix(".modelgen") { name.removeLast(".modelgen".count) }
        return name
    }
}
