import Testing
@testable import ModelgenCore

@Suite struct NameCaseTests {
    @Test(arguments: [
        ("shop_image_url", "shopImageUrl"), ("likeCount", "likeCount"), ("LikeCount", "likeCount"),
        ("URL", "url"), ("URLString", "urlString"), ("userID", "userID"), ("user-name", "userName"),
        ("_private", "private"), ("名前", "名前"), ("a", "a"), ("1st_place", "1stPlace"),
    ])
    func lowerCamel(_ input: String, _ expected: String) {
        #expect(NameCase.lowerCamel(input) == expected)
    }

    @Test(arguments: [("chat_room", "ChatRoom"), ("Message", "Message"), ("message", "Message"), ("http-log", "HttpLog")])
    func upperCamel(_ input: String, _ expected: String) {
        #expect(NameCase.upperCamel(input) == expected)
    }
}

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("name", "name"), ("default", "`default`"), ("in", "`in`"), ("self", "`self`"), ("Type", "`Type`"),
        ("1st", "_1st"), ("名前", "名前"), ("async", "async"),
    ])
    func identifiers(_ input: String, _ expected: String) {
        #expect(SwiftNames.identifier(input) == expected)
    }
}

@Suite struct SpellingTests {
    @Test(arguments: [("Itme", "Item", 1), ("fileds", "fields", 1), ("kitten", "sitting", 3), ("", "ab", 2), ("ab", "ab", 0), ("ca", "abc", 3)])
    func distances(_ a: String, _ b: String, _ expected: Int) {
        #expect(Spelling.distance(a, b) == expected)
    }

    @Test func suggestionsNeedAFewLettersAndFewEdits() {
        #expect(Spelling.closest(to: "Itme", in: ["Item", "Other"]) == "Item")
        #expect(Spelling.closest(to: "B", in: ["A"]) == nil)
        #expect(Spelling.closest(to: "zzzz", in: ["Item"]) == nil)
        #expect(Spelling.list(["a", "b", "c"]) == "'a', 'b' or 'c'")
    }
}
