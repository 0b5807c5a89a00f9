import Testing
@testable import ModelgenCore

@Suite struct SymbolScannerTests {
    @Test func findsWholeWordsInCodeInTheOrderAsked() {
        let text = """
            val rows: Observable<List<Row>> = store.observe(QueryFilter.all)
            fun countRows() = rows.size
            """
        let used = SymbolScanner(text).used(["countRows", "Observable", "QueryOrder", "QueryFilter", "List"])
        #expect(used == ["countRows", "Observable", "QueryFilter", "List"])
    }

    @Test func partsOfLongerWordsDoNotCount() {
        let used = SymbolScanner("val matcher = MatchAll; val _Timestamp = \"$Codecs\" + ObservableX").used(["Match", "Timestamp", "Codecs", "Observable"])
        #expect(used.isEmpty)
    }

    @Test func commentLinesDoNotCount() {
        let text = """
            // Observable
            /** Uses [Timestamp]. */
             * Codecs
            val a = 1 // Match
            """
        #expect(SymbolScanner(text).used(["Observable", "Timestamp", "Codecs", "Match"]) == ["Match"])
    }

    @Test func aNameAskedTwiceIsReportedTwiceAndTheScanGoesOn() {
        let used = SymbolScanner("Match Match\nCodecs").used(["Match", "Match", "Codecs"])
        #expect(used == ["Match", "Match", "Codecs"])
    }

    @Test func nonASCIIWordsAreWhole() {
        #expect(SymbolScanner("val café = Timestamp\nval éMatch = 1").used(["Timestamp", "Match"]) == ["Timestamp"])
    }
}
