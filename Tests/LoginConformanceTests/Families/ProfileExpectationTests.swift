import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// A documented profile vector states only the members its claims make (DECISIONS.md D31: null for an absent claim
/// and the permissions are the SDK's); ``ProfileFamily`` compares those, and an answer must still state them.
@Suite struct ProfileExpectationTests {
    /// `profile::string-claims::given_name.kept.documented`: expects `{"userID": …, "firstName": "Minh"}` only.
    static let id = "profile::string-claims::given_name.kept.documented"

    /// A whole answer for that vector's input: its members as `members` says, every other one null.
    static func answer(_ members: [String: JSONValue]) -> JSONValue {
        var profile: [String: JSONValue] = [
            "userID": .string("10157834620091592"), "name": .null, "firstName": .string("Minh"), "middleName": .null,
            "lastName": .null, "imageURL": .null, "email": .null, "friendIDs": .null, "birthday": .null,
            "gender": .null, "linkURL": .null, "ageRange": .null, "hometown": .null, "location": .null,
            "permissions": .array([.string("email"), .string("public_profile")]), "isLimited": .bool(true),
        ]
        for (name, value) in members { profile[name] = value }
        return .object(["result": .string("created"), "profile": .object(profile)])
    }

    static func vector() throws -> any ConformanceVector {
        try #require(try VectorSuite.bundled().vector(withID: id))
    }

    @Test("a whole answer passes whatever it says of the members left out, and fails on a member stated")
    func statedMembersOnly() throws {
        let vector = try Self.vector()
        #expect(vector.judge(answer: Self.answer([:])) == .passed)
        #expect(vector.judge(answer: Self.answer(["permissions": .array([]), "email": .string("x@example.com")])) == .passed)
        #expect(vector.judge(answer: Self.answer(["firstName": .string("minh")])).isProblem)
        #expect(vector.judge(answer: Self.answer(["userID": .string("other")])).isProblem)
    }

    @Test("an answer that leaves out a member the expectation states fails, even one it states as null")
    func answerLeavingOutAStatedMember() throws {
        // profile::birthday::month-13.documented expects {"userID": …, "birthday": null}: leaving birthday out of the
        // answer must not read as null.
        let vector = try #require(try VectorSuite.bundled().vector(withID: "profile::birthday::month-13.documented"))
        guard case .object(var whole) = Self.answer(["firstName": .null]), case .object(var profile) = whole["profile"]
        else {
            Issue.record("the answer is an object")
            return
        }
        #expect(vector.judge(answer: .object(whole)) == .passed)
        profile["birthday"] = nil
        whole["profile"] = .object(profile)
        #expect(vector.judge(answer: .object(whole)).isProblem)
    }

    @Test("against a whole expectation (ios-sdk), an answer that leaves out any member fails")
    func wholeExpectation() throws {
        let vector = try #require(try VectorSuite.bundled().vector(withID: "profile::string-claims::given_name.kept.ios-sdk"))
        #expect(vector.judge(answer: Self.answer([:])) == .passed)
        guard case .object(var whole) = Self.answer([:]), case .object(var profile) = whole["profile"] else {
            Issue.record("the answer is an object")
            return
        }
        profile["permissions"] = nil
        whole["profile"] = .object(profile)
        #expect(vector.judge(answer: .object(whole)).isProblem)
    }
}
