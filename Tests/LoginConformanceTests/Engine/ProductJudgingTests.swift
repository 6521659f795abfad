import Foundation
@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The families' own comparisons (the product mutants of Scripts/mutation/product_mutants.json, area judging): graph-error
/// compares what the vector states, login-configuration checks the defaults an implementation makes.
@Suite("Product mutants: judging")
struct ProductJudgingTests {
    static let input = GraphErrorInput(body: .object([:]), serverCategories: nil, requestUsedCurrentToken: true)

    static func outcome(_ category: GraphErrorCategory = .recoverable, permission: Bool? = true, message: String? = "m",
                        action: GraphErrorClientAction? = .logInAgain, token: CurrentTokenEffect? = .cleared) -> GraphErrorOutcome {
        GraphErrorOutcome(category: category, isPermissionError: permission, message: message, clientAction: action, currentToken: token)
    }

    @Test("graph-error: every member the expected outcome states is compared; the others are ignored")
    func graphError() {
        let expected = Self.outcome()
        #expect(GraphErrorFamily.conforms(Self.outcome(), to: expected, input: Self.input))
        for wrong in [Self.outcome(.transient), Self.outcome(permission: false), Self.outcome(message: "other"),
                      Self.outcome(action: .retry), Self.outcome(token: .kept)] {
            #expect(!GraphErrorFamily.conforms(wrong, to: expected, input: Self.input), "\(wrong)")
        }
        let sdk = Self.outcome(permission: nil, action: nil, token: nil)
        #expect(GraphErrorFamily.conforms(Self.outcome(permission: false, action: .retry, token: .kept), to: sdk, input: Self.input))
    }

    static func configuration(nonce: String?, verifier: String?) -> LoginConfigurationOutcome {
        .created(LoginConfiguration(permissions: ["email"], tracking: .enabled, nonce: nonce, authType: nil, messengerPageId: nil,
                                    codeVerifier: verifier))
    }

    @Test("login-configuration: a default nonce and code verifier must themselves be valid; a given one must be equal")
    func configurationDefaults() throws {
        let requests = ProductFixtures.suite.vectors(for: .documented, families: [.loginConfiguration])
            .compactMap { ($0 as? Vector<LoginConfigurationFamily>)?.input }
        let request = try #require(requests.first)
        let verifier = String(repeating: "a", count: 43)
        let defaults = Self.configuration(nonce: nil, verifier: nil)
        // Both ends of 43…128 and every allowed character (RFC 7636 §4.1) are a valid default verifier.
        for valid in [verifier, String(repeating: "Z", count: 128), "-._~0123456789" + String(repeating: "b", count: 29)] {
            #expect(LoginConfigurationFamily.conforms(Self.configuration(nonce: "n-1", verifier: valid), to: defaults, input: request),
                    "\(valid.count) characters: \(valid)")
        }
        for (nonce, code) in [("", verifier), ("a b", verifier), ("n", String(repeating: "a", count: 129)),
                              ("n", String(repeating: "a", count: 42)), ("n", String(repeating: "é", count: 43))] {
            #expect(!LoginConfigurationFamily.conforms(Self.configuration(nonce: nonce, verifier: code), to: defaults, input: request),
                    "\(nonce) \(code)")
        }
        let given = Self.configuration(nonce: "expected", verifier: verifier)
        #expect(!LoginConfigurationFamily.conforms(Self.configuration(nonce: "other", verifier: verifier), to: given, input: request))
        #expect(LoginConfigurationFamily.conforms(Self.configuration(nonce: "expected", verifier: verifier), to: given, input: request))
    }

    @Test("canonical JSON (inputs sent to adapters, reports) writes numbers of 16 and 17 significant digits exactly, past 2^53 too",
          arguments: ["9007199254740993", "-9007199254740995", "1234567890123457", "9007199254740993.5", "0.1000000000000001",
                      "12345678901234567"])
    func sixteenDigitNumbersExactly(text: String) throws {
        let number = try #require(JSONNumber(text))
        #expect(CanonicalJSON.render([number]) == "[\(text)]")
        // Numbers a Double prints exactly are written as ever.
        #expect(CanonicalJSON.render([try #require(JSONNumber("900719925474099"))]) == "[900719925474099]")
    }

    @Test("the answer cache keeps apart answers that differ only in a boolean: each is judged as itself")
    func answerCacheTellsBooleansApart() throws {
        for (first, second) in [(true, false), (false, true)] {
            let answers = try [first, second].map { flag in
                try #require(JSONValue.parse(String(decoding: try JSONEncoder().encode(Self.outcome(permission: flag)), as: UTF8.self)))
            }
            #expect(try AnswerDecoding.decode(answers[0], as: GraphErrorFamily.self).get() == Self.outcome(permission: first))
            #expect(try AnswerDecoding.decode(answers[1], as: GraphErrorFamily.self).get() == Self.outcome(permission: second))
        }
        // The cache's key tells every kind of JSON value apart, down to a boolean inside an array.
        func key(_ value: JSONValue) -> [UInt8] {
            var bytes: [UInt8] = []
            _ = AnswerDecoding.exactBytes(of: value, into: &bytes, limit: 1 << 16)
            return bytes
        }
        let values: [JSONValue] = [.null, .bool(false), .bool(true), .number(1), .string("1"), .array([]), .object([:]),
                                   .array([.bool(false)]), .array([.bool(true)]), .object(["a": .bool(false)]), .object(["a": .bool(true)])]
        #expect(Set(values.map(key)).count == values.count)
    }
}

/// Found by blind round 3 (Scripts/mutation/blind_rounds/round-3.json).
extension ProductJudgingTests {
    @Test("token-claims: every kept claim is compared, user_location included: an answer that drops or changes it fails")
    func userLocationIsCompared() throws {
        let vectors = ProductFixtures.suite.vectors.compactMap { $0 as? Vector<TokenClaimsFamily> }
        let vector = try #require(vectors.first { vector in
            if case .accepted(let claims) = vector.expected { return claims.userLocation != nil }
            return false
        })
        guard case .accepted(let expected) = vector.expected else { return }
        #expect(TokenClaimsFamily.conforms(.accepted(expected), to: vector.expected, input: vector.input))
        var dropped = expected
        dropped.userLocation = nil
        #expect(!TokenClaimsFamily.conforms(.accepted(dropped), to: vector.expected, input: vector.input))
        var changed = expected
        changed.userLocation = ["id": "0", "name": "Elsewhere"]
        #expect(!TokenClaimsFamily.conforms(.accepted(changed), to: vector.expected, input: vector.input))
    }
}
