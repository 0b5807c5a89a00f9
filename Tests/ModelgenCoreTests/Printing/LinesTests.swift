import Testing
@testable import ModelgenCore

@Suite struct LinesTests {
    @Test func blocksAreSeparatedByABlankLineWithoutTheirTemplatesLastNewline() {
        #expect(Lines.blocks(["a\n", "b\nc\n", "d"]) == "a\n\nb\nc\n\nd")
        #expect(Lines.blocks([]).isEmpty)
    }
}
