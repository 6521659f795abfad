import Foundation
import LoginConformance
import LoginConformanceReference
import Testing
import LoginConformanceTestSupport

/// A documented login-request vector states only what the documents give (DECISIONS.md D31: the host, the fixed
/// parameters, `response_type`, `tp`, `default_audience` and the gatekeepers' app switch are the SDK's);
/// ``LoginRequestFamily`` compares what it states, and an answer must still state `host` and `appSwitchAllowed`.
@Suite struct LoginRequestExpectationTests {
    /// The SDK's whole answer for `id`'s input (the reference, ios-sdk), as JSON.
    static func sdkAnswer(for vector: any ConformanceVector) throws -> [String: JSONValue] {
        let input = try JSONDecoder().decode(LoginRequestInput.self, from: Data(vector.inputJSON().utf8))
        let outcome = ReferenceLoginRequestBuilder(profile: .iosSDK).makeLoginRequest(input)
        let json = try #require(JSONValue.parse(String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self)))
        return try #require(json.objectValue)
    }

    static func vector(_ id: String) throws -> any ConformanceVector {
        try #require(try VectorSuite.bundled().vector(withID: id))
    }

    @Test("whatever the answer says of the host and the SDK's parameters, a documented vector passes it")
    func membersLeftOutAreNotCompared() throws {
        let vector = try Self.vector("login-request::baseline::enabled-authorized.documented")
        var answer = try Self.sdkAnswer(for: vector)
        #expect(vector.judge(answer: .object(answer)) == .passed)
        answer["host"] = .string("www.facebook.com")
        answer["appSwitchAllowed"] = .bool(false)
        guard case .object(var parameters) = answer["parameters"] else {
            Issue.record("parameters is an object")
            return
        }
        for name in ["display", "sdk", "return_scopes", "response_type", "tp", "default_audience"] {
            parameters[name] = nil
        }
        answer["parameters"] = .object(parameters)
        #expect(vector.judge(answer: .object(answer)) == .passed)
        // A parameter the vector states is still compared.
        parameters["nonce"] = .string("7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f")
        answer["parameters"] = .object(parameters)
        #expect(vector.judge(answer: .object(answer)).isProblem)
    }

    @Test("where the documented rule settles app switch the vector states it: the SDK's limited-tracking app switch fails")
    func appSwitchWithLimitedTracking() throws {
        let vector = try Self.vector("login-request::app-switch::limited-gatekeeper-on-app-installed.documented")
        var answer = try Self.sdkAnswer(for: vector)
        #expect(answer["appSwitchAllowed"] == .bool(true), "the SDK's reading allows it")
        #expect(vector.judge(answer: .object(answer)).isProblem)
        answer["appSwitchAllowed"] = .bool(false)
        #expect(vector.judge(answer: .object(answer)) == .passed)
        // An answer that leaves out a member the vector states fails; it does not read as false.
        answer["appSwitchAllowed"] = nil
        #expect(vector.judge(answer: .object(answer)).isProblem)
    }

    @Test("against a whole expectation (ios-sdk), an answer that leaves out the host fails")
    func wholeExpectation() throws {
        let vector = try Self.vector("login-request::baseline::enabled-authorized.ios-sdk")
        var answer = try Self.sdkAnswer(for: vector)
        #expect(vector.judge(answer: .object(answer)) == .passed)
        answer["host"] = nil
        #expect(vector.judge(answer: .object(answer)).isProblem)
    }

    @Test("a partial expectation encodes back as it was decoded: the members it left out stay out")
    func partialRoundTrip() throws {
        let text = #"{"parameters":{"client_id":"1"},"path":"/v21.0/dialog/oauth","result":"request"}"#
        let decoded = try JSONDecoder().decode(LoginRequestOutcome.self, from: Data(text.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == text)
    }
}
