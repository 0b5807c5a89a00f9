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
