import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// A documented token-change vector compares which steps post and the user-ID key only (DECISIONS.md D31: the tokens
/// in the user info and the current token are the SDK's); ``TokenChangeFamily`` compares the keys `userInfoKeys`
/// names, and an answer must still state `current`.
@Suite struct TokenChangeExpectationTests {
    static func vector(_ id: String) throws -> any ConformanceVector {
        try #require(try VectorSuite.bundled().vector(withID: id))
    }

    /// An answer with one notification after step 0 carrying `userInfo`, and `current`.
    static func answer(_ userInfo: [String: JSONValue], current: JSONValue? = .string("B")) -> JSONValue {
        var answer: [String: JSONValue] = [
            "result": .string("notifications"),
            "notifications": .array([.object(["afterStep": .number(0), "userInfo": .object(userInfo)])]),
        ]
        answer["current"] = current
        return .object(answer)
    }

    @Test("the tokens in the user info and the current token are not compared; the user-ID key is, absent or present")
    func namedKeysOnly() throws {
        // A refresh (A, then B of the same user): one notification without the user-ID key.
        let vector = try Self.vector("token-change::set::refresh-same-user.documented")
        let sdk: [String: JSONValue] = ["FBSDKAccessToken": .string("B"), "FBSDKAccessTokenOld": .string("A")]
        #expect(vector.judge(answer: Self.answer(sdk)) == .passed)
        #expect(vector.judge(answer: Self.answer([:], current: .null)) == .passed)
        #expect(vector.judge(answer: Self.answer(["FBSDKAccessToken": .string("A")])) == .passed)
        // The user-ID key on a refresh, even false, is a user change to an app that checks for the key.
        #expect(vector.judge(answer: Self.answer(["FBSDKAccessTokenDidChangeUserIDKey": .bool(true)])).isProblem)
        #expect(vector.judge(answer: Self.answer(["FBSDKAccessTokenDidChangeUserIDKey": .bool(false)])).isProblem)
        // The steps that post are compared.
        let none: JSONValue = .object(["result": .string("notifications"), "notifications": .array([]),
                                       "current": .string("B")])
        #expect(vector.judge(answer: none).isProblem)
    }

    @Test("an expectation without current is labelled by its notifications alone, never as current nil")
    func label() throws {
        let partial = try JSONDecoder().decode(TokenChangeOutcome.self, from: Data(
            #"{"result":"notifications","notifications":[],"userInfoKeys":["FBSDKAccessTokenDidChangeUserIDKey"]}"#.utf8))
        #expect(TokenChangeFamily.label(of: partial) == "0 notifications")
        #expect(TokenChangeFamily.label(of: TokenChangeOutcome(notifications: [], current: nil)) == "0 notifications, current nil")
    }

    @Test("a whole expectation (ios-sdk) still compares the tokens and the current token")
    func wholeExpectation() throws {
        let vector = try Self.vector("token-change::set::refresh-same-user.ios-sdk")
        let sdk: [String: JSONValue] = ["FBSDKAccessToken": .string("B"), "FBSDKAccessTokenOld": .string("A")]
        #expect(vector.judge(answer: Self.answer(sdk)) == .passed)
        #expect(vector.judge(answer: Self.answer(["FBSDKAccessToken": .string("B")])).isProblem)
        #expect(vector.judge(answer: Self.answer(sdk, current: .string("A"))).isProblem)
        // An answer must state current: leaving it out is not "not compared".
        #expect(vector.judge(answer: Self.answer(sdk, current: nil)).isProblem)
    }

    @Test("userInfoKeys names only user-info keys; an outcome without current must name them")
    func decoding() throws {
        let decode = { (text: String) in try JSONDecoder().decode(TokenChangeOutcome.self, from: Data(text.utf8)) }
        #expect(throws: DecodingError.self) { try decode(#"{"result":"notifications","notifications":[]}"#) }
        #expect(throws: DecodingError.self) {
            try decode(#"{"result":"notifications","notifications":[],"userInfoKeys":["FBSDKAccessTokenNew"]}"#)
        }
        let partial = #"{"notifications":[],"result":"notifications","userInfoKeys":["FBSDKAccessTokenDidChangeUserIDKey"]}"#
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(try decode(partial)), as: UTF8.self) == partial)
    }
}
