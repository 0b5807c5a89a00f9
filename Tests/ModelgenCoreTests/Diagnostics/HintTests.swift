import Testing
@testable import ModelgenCore

@Suite struct HintTests {
    @Test(arguments: [("Itme", "Item", 1), ("fileds", "fields", 1), ("kitten", "sitting", 3), ("", "ab", 2), ("ab", "ab", 0), ("ca", "abc", 3)])
    func distances(_ a: String, _ b: String, _ expected: Int) {
        #expect(Hint.distance(a, b) == expected)
    }

    @Test func suggestionsNeedAFewLettersAndFewEdits() {
        #expect(Hint.closest(to: "Itme", in: ["Item", "Other"]) == "Item")
        #expect(Hint.closest(to: "B", in: ["A"]) == nil)
        #expect(Hint.closest(to: "zzzz", in: ["Item"]) == nil)
        #expect(Hint.list(["a", "b", "c"]) == "'a', 'b' or 'c'")
    }

    @Test func aNameCutShortSuggestsTheShortestThatItBegins() {
        #expect(Hint.closest(to: "assignee", in: ["title", "assigneeUid", "assigneeDisplayName"]) == "assigneeUid")
        #expect(Hint.closest(to: "Assignee", in: ["assigneeUid"]) == "assigneeUid", "case does not matter")
        #expect(Hint.closest(to: "ti", in: ["title"]) == nil, "two letters are too few to go on")
        #expect(Hint.closest(to: "titel", in: ["title", "titleLong"]) == "title", "a near name comes before a longer one")
    }
}
