@testable import LoginConformance
import Testing

@Suite("Failure messages")
struct FailureMessageTests {
    @Test("invisible characters are escaped so a reader can see them; visible text is kept", arguments: [
        ("{\"nonce\":\"a\u{200B}b\"}", #"{"nonce":"a\u200bb"}"#),
        ("\"\u{3000}\u{FEFF}\u{2028}\"", #""\u3000\ufeff\u2028""#),
        ("\"e\u{301}\"", #""e\u0301""#),
        ("\"\u{E0020}\"", #""\udb40\udc20""#),
        ("\"café 日本 😀 a b\"", "\"café 日本 😀 a b\""),
    ])
    func visible(json: String, shown: String) {
        #expect(FailureMessage.visible(json) == shown)
    }
}
