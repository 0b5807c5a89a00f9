@testable import ModelgenCore
import Testing

/// Doc comments put the article a reader expects before a type's name: by sound, not by letter.
@Suite struct EnglishArticleTests {
    @Test(arguments: [
        ("Message", "a"), ("Item", "an"), ("Order", "an"), ("Attachment", "an"), ("Event", "an"),
        ("User", "a"), ("Unit", "a"), ("Utility", "a"), ("Uniform", "a"), ("Union", "a"),
        ("Update", "an"), ("Upload", "an"), ("Umbrella", "an"), ("Unread", "an"), ("Unused", "an"),
        ("URL", "a"), ("SMSCode", "an"), ("HTTPRequest", "an"), ("FAQ", "an"), ("IDCard", "an"), ("UUID", "a"), ("QRCode", "a"),
        ("Hour", "an"), ("Honor", "an"), ("House", "a"), ("European", "a"), ("OneTimeCode", "a"), ("Owner", "an"), ("X", "an"), ("T", "a"),
    ])
    func theArticleFollowsTheSound(name: String, article: String) {
        #expect(EnglishArticle.of(name) == article, "\(name)")
    }
}
