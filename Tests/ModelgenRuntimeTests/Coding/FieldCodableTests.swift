import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

@Suite struct FieldCodableTests {
    @Test func intsAcceptOnlyIntegersWithinTheContractRange() throws {
        #expect(try Int(documentValue: 9_007_199_254_740_991) == 9_007_199_254_740_991)
        #expect(throws: DocumentDecodingError(.outOfRange(9_007_199_254_740_992))) { try Int(documentValue: 9_007_199_254_740_992) }
        #expect(throws: DocumentDecodingError(.outOfRange(-9_007_199_254_740_992))) { try Int(documentValue: -9_007_199_254_740_992) }
        #expect(throws: DocumentDecodingError(.wrongType(expected: "int", found: "double"))) { try Int(documentValue: .double(1)) }
    }

    @Test func doublesAcceptIntegers() throws {
        #expect(try Double(documentValue: 3) == 3)
        #expect(try Double(documentValue: .double(.nan)).isNaN)
        #expect(throws: DocumentDecodingError(.wrongType(expected: "double", found: "string"))) { try Double(documentValue: "3") }
    }

    @Test func optionalsReadMissingNullAndPendingAsNil() throws {
        let fields = FieldReader(["a": nil, "b": .serverTimestamp, "c": .timestamp(Timestamp(seconds: 1))])
        let a: Timestamp? = try fields.decode("a")
        let b: Timestamp? = try fields.decode("b")
        let c: Timestamp? = try fields.decode("c")
        let missing: Timestamp? = try fields.decode("missing")
        #expect(a == nil && b == nil && missing == nil)
        #expect(c == Timestamp(seconds: 1))
        #expect(throws: DocumentDecodingError(path: ["b"], .wrongType(expected: "timestamp", found: "pending server timestamp"))) {
            let _: Timestamp = try fields.decode("b")
        }
        #expect(throws: DocumentDecodingError(path: ["missing"], .missing)) {
            let _: String = try fields.decode("missing")
        }
    }

    @Test func defaultsApplyOnlyWhenTheFieldIsMissing() throws {
        let fields = FieldReader(["n": nil])
        #expect(try fields.decode("other", default: 7) == 7)
        #expect(throws: DocumentDecodingError(path: ["n"], .wrongType(expected: "int", found: "null"))) {
            _ = try fields.decode("n", default: 7)
        }
    }

    @Test func nestedErrorsCarryTheirPath() {
        #expect(throws: DocumentDecodingError(path: ["tags", "1"], .wrongType(expected: "string", found: "int"))) {
            let _: [String] = try FieldReader(["tags": ["a", 2]]).decode("tags")
        }
        #expect(throws: DocumentDecodingError(path: ["scores", "bob"], .wrongType(expected: "int", found: "string"))) {
            let _: [String: Int] = try FieldReader(["scores": ["bob": "x"]]).decode("scores")
        }
        #expect(DocumentDecodingError(path: ["tags", "1"], .missing).description == "'tags.1' is missing")
    }

    @Test func encodingRoundTrips() throws {
        let values: [String: Int?] = ["a": 1, "b": nil]
        #expect(try [String: Int?](documentValue: values.documentValue) == values)
        #expect([1.5, 2].documentValue == [.double(1.5), .double(2)])
        #expect((nil as String?).documentValue == .null)
    }
}
