import Testing
@testable import ModelgenCore

/// One escaping routine; each language's style adds its own escapes.
@Suite struct StringLiteralStyleTests {
    let hostile = "q\"b\\s$d${x}\\(y)*/ /*\nnl\ttab\u{1}\u{2028}😀é\u{7F}\u{0}"

    @Test func swift() {
        #expect(SwiftLanguage(CombineFlavour()).strings.quoted(hostile) == #""q\"b\\s$d${x}\\(y)*/ /*\nnl\ttab\u{1}\u{2028}😀é\u{7F}\0""#)
    }

    @Test func kotlin() {
        #expect(KotlinLanguage(RxJavaFlavour()).strings.quoted(hostile) == #""q\"b\\s\$d\${x}\\(y)*/ /*\nnl\ttab\u0001\u2028😀é\u007F\u0000""#)
    }

    @Test func typescript() {
        #expect(TypeScriptLanguage().strings.quoted(hostile) == #""q\"b\\s$d${x}\\(y)*/ /*\nnl\ttab\u0001\u2028😀é\u007F\u0000""#)
    }

    @Test func canonicalTextLeavesLineSeparatorsAlone() {
        #expect(CanonicalText.quoted("a\u{2028}\u{1}") == #""a\#u{2028}\u{1}""#)
    }
}

@Suite struct DocCommentStyleTests {
    @Test func blockCommentsBreakUpCommentEnds() {
        #expect(DocCommentStyle.block.lines("Ends */ here; opens /* there") == ["/** Ends *&#47; here; opens /&#42; there */"])
        #expect(DocCommentStyle.block.lines("a\n\nb") == ["/**", " * a", " *", " * b", " */"])
        #expect(DocCommentStyle.block.lines("Member[$uid] and [x]") == ["/** Member\\[$uid] and [x] */"])
    }

    @Test func slashesKeepBlankLinesAndTrimTheEnds() {
        #expect(DocCommentStyle.slashes.lines("\none\n\n two  \n") == ["/// one", "///", "///  two"])
        #expect(DocCommentStyle.slashes.lines(nil).isEmpty)
    }
}
