/// A schema's string enum: each case stands for one stored string, its raw value. It decodes
/// from that string only (any other value is a decode failure), and compares and orders as the
/// string, as Firestore does: by code point, not by the order of the cases.
public protocol StringEnum: RawRepresentable, CaseIterable, FieldCodable, ContractOrdered, Hashable, Sendable
where RawValue == String {}

extension StringEnum {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        let string = try String(documentValue: documentValue)
        guard let value = Self(rawValue: string) else {
            let values = Self.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw DocumentDecodingError(.wrongType(expected: "one of \(values)", found: "'\(string)'"))
        }
        self = value
    }

    public var documentValue: DocumentValue { .string(rawValue) }

    public static func contractCompare(_ lhs: Self, _ rhs: Self) -> Int {
        CodePoints.compare(lhs.rawValue, rhs.rawValue)
    }
}
