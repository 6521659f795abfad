@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

@Suite("Failure messages")
struct FailureMessageTests {
    @Test("invisible characters are escaped so a reader can see them; visible text is kept", arguments: [
        ("{\"nonce\":\"a\u{200B}b\"}", #"{"nonce":"a\u200bb"}"#),
        ("\"\u{3000}\u{FEFF}\u{2028}\"", #""\u3000\ufeff\u2028""#),
        ("\"e\u{301}\"", #""e\u0301""#),
        ("\"\u{E0020}\"", #""\udb40\udc20""#),
        ("\"café 日本 😀 a b\"", "\"café 日本 😀 a b\""),
        // Controls a terminal would act on: ESC, BEL, CR, DEL (0x7f) and a C1 control.
        ("\"a\u{1B}[2Jb\u{07}c\r\u{7F}d\u{85}\"", #""a\u001b[2Jb\u0007c\u000d\u007fd\u0085""#),
    ])
    func visible(json: String, shown: String) {
        #expect(FailureMessage.visible(json) == shown)
    }
}
