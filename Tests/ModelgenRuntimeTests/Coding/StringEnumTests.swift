import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// A schema's string enum, as the generated code declares it.
private enum Phase: String, StringEnum {
    case open
    case inProgress = "in-progress"
    case done
}

/// String enums are stored as their strings, decode only from one of them, and compare and
/// order as those strings (by code point), not in the order of their cases.
@Suite struct StringEnumTests {
    @Test func aCaseIsStoredAsItsStringAndOnlyThoseDecode() throws {
        for phase in Phase.allCases { #expect(try Phase(documentValue: phase.documentValue) == phase) }
        #expect(Phase.inProgress.documentValue == "in-progress")
        let expected = "one of 'open', 'in-progress', 'done'"
        #expect(throws: DocumentDecodingError(.wrongType(expected: expected, found: "'Open'"))) { try Phase(documentValue: "Open") }
        #expect(throws: DocumentDecodingError(.wrongType(expected: expected, found: "''"))) { try Phase(documentValue: "") }
        #expect(throws: DocumentDecodingError(.wrongType(expected: "string", found: "int"))) { try Phase(documentValue: 3) }
        let fields = FieldReader(["p": nil, "list": ["open", "done"]])
        let missing: Phase? = try fields.decode("p")
        let list: [Phase] = try fields.decode("list")
        #expect(missing == nil && list == [.open, .done])
    }

    @Test func theyCompareAndOrderAsStrings() {
        // "done" < "in-progress" < "open": the strings' order, the reverse of the cases' here.
        #expect(Match.less(Phase.done, Phase.inProgress) && Match.less(Phase.inProgress, Phase.open))
        #expect(!Match.greater(Phase.done, Phase.open) && Match.lessOrEqual(Phase.open, Phase.open))
        #expect(Match.isIn(Phase.done, [.open, .done]) && Match.notIn(Phase.done, [.open]))
        #expect(Match.contains([Phase.open], .open) && !Match.less(nil, Phase.open))
    }
}
