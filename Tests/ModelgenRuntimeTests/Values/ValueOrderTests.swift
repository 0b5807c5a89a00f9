import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

@Suite struct ValueOrderTests {
    let t1 = Timestamp(seconds: 100), t2 = Timestamp(seconds: 100, nanoseconds: 1)

    @Test func firestoreTypeOrder() {
        let ascending: [DocumentValue] = [
            .null, false, true, .double(-.infinity), -1, .double(-0.5), 0, .double(0.5), 1, .double(.infinity),
            .timestamp(t1), .timestamp(t2), .serverTimestamp, "", "a", "b", [], [1], [1, 2], [2], [:], ["a": 1], ["a": 2], ["b": 0],
        ]
        for (index, value) in ascending.enumerated() {
            for (other, otherValue) in ascending.enumerated() {
                let expected = index == other ? 0 : (index < other ? -1 : 1)
                #expect(ValueOrder.compare(value, otherValue) == expected, "\(value) vs \(otherValue)")
            }
        }
    }

    @Test func numbersCompareAcrossIntAndDouble() {
        #expect(ValueOrder.compare(1, .double(1.0)) == 0)
        #expect(ValueOrder.compare(.double(-0.0), 0) == 0)
        #expect(ValueOrder.compare(.double(-0.0), .double(0.0)) == 0)
        #expect(ValueOrder.compare(.double(.nan), .double(.nan)) == 0)
        #expect(ValueOrder.compare(.double(.nan), .double(-.infinity)) == -1)
        #expect(ValueOrder.compare(.double(.nan), .int(.min)) == -1)
        #expect(ValueOrder.compare(.int(9_007_199_254_740_993), .double(9_007_199_254_740_992)) == 1)
        #expect(ValueOrder.compare(.double(2.5), 2) == 1)
        #expect(ValueOrder.compare(.double(-2.5), -2) == -1)
        #expect(ValueOrder.compare(.double(1e19), .int(.max)) == 1)
    }

    @Test func stringsCompareByCodePoint() {
        // U+FFFF sorts before U+10000 by code point, though not by UTF-16 unit.
        #expect(CodePoints.compare("\u{FFFF}", "\u{10000}") == -1)
        #expect(CodePoints.compare("\u{E000}", "\u{1F600}") == -1)
        #expect(CodePoints.compare("Z", "a") == -1)
        #expect(CodePoints.compare("a", "ab") == -1)
        // "é" precomposed (U+00E9) sorts after "e" + U+0301, and they are not equal.
        #expect(CodePoints.compare("\u{E9}", "e\u{301}") == 1)
        #expect(!CodePoints.equal("\u{E9}", "e\u{301}"))
        #expect("\u{E9}" == "e\u{301}", "Swift's own == normalizes, which is why the runtime does not use it")
    }

    @Test func equalityAndHashingFollowTheContract() {
        #expect(DocumentValue.int(1) == .double(1))
        #expect(DocumentValue.double(-0.0) == .double(0))
        #expect(DocumentValue.double(.nan) == .double(.nan))
        #expect(DocumentValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(Set<DocumentValue>([.int(1), .double(1), .double(-0.0), .int(0), .double(.nan), .double(.nan)]).count == 3)
        #expect(Set<DocumentValue>([.string("\u{E9}"), .string("e\u{301}")]).count == 2)
        #expect(DocumentValue.map(["a": 1, "b": [.null]]) == ["b": [nil], "a": .double(1)])
    }

    @Test func matchHelpersFollowTheContract() {
        #expect(Match.equal(Double.nan, Double.nan))
        #expect(Match.equal(-0.0, 0.0))
        #expect(!Match.equal("\u{E9}", "e\u{301}"))
        #expect(!Match.equal(nil as String?, "a"))
        #expect(!Match.notEqual(nil as String?, "a"))
        #expect(Match.notEqual("b" as String?, "a"))
        #expect(Match.less("\u{FFFF}", "\u{10000}"))
        #expect(!Match.less(Double.nan, -Double.infinity), "NaN sorts lowest, but no range comparison matches it")
        #expect(!Match.isIn(Double.nan, [Double.nan]))
        #expect(!Match.contains([Double.nan], Double.nan))
        #expect(!Match.greater(nil as Int?, 0))
        #expect(Match.isIn("b", ["a", "b"]))
        #expect(Match.notIn(Double.nan, [1]) && !Match.notIn(Double.nan, [Double.nan]))
        #expect(!Match.notIn(Optional<String>.none, ["a"]) && !Match.notIn("a", ["b", "a"]) && Match.notIn("c", ["b", "a"]))
        #expect(Match.containsAny(["a", "b"], ["c", "b"]) && !Match.containsAny(["a"], ["c"]))
        #expect(!Match.containsAny([Double.nan], [Double.nan]) && !Match.containsAny(Optional<[String]>.none, ["a"]))
        #expect(!Match.isIn("e\u{301}", ["\u{E9}"]))
        #expect(Match.contains(["a", "b"], "b"))
        #expect(!Match.contains(nil as [String]?, "b"))
        #expect(Match.same(nil as Int?, nil))
    }

    @Test func timestampsPrintAsRFC3339() {
        #expect(Timestamp(seconds: 0).description == "1970-01-01T00:00:00Z")
        #expect(Timestamp(seconds: 1_700_000_000, nanoseconds: 5).description == "2023-11-14T22:13:20.000000005Z")
        #expect(Timestamp(seconds: -1).description == "1969-12-31T23:59:59Z")
        #expect(Timestamp(seconds: -86_400).description == "1969-12-31T00:00:00Z")
        #expect(!Timestamp(seconds: .min).description.isEmpty, "the oldest timestamp prints without trapping")
    }
}
