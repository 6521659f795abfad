import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The vectors themselves: stable, well-formed IDs, the minimum coverage, and the rules encoded as the specification
/// states them (checked here from the rules, independently of the reference implementation).
@Suite("Vector suite content")
struct VectorSuiteTests {
    let suite: VectorSuite

    init() throws {
        suite = try VectorSuite.bundled()
    }

    private func vectors<Family: VectorFamily>(_: Family.Type) -> [Vector<Family>] {
        suite.vectors.compactMap { $0 as? Vector<Family> }
    }

    @Test("IDs are unique, namespaced by family, and say their profile when they have one")
    func ids() {
        let ids = suite.vectors.map(\.metadata.id)
        #expect(Set(ids).count == ids.count)
        let part = /[a-z0-9][a-z0-9._+-]*/
        for vector in suite.vectors {
            let id = vector.metadata.id
            let parts = id.components(separatedBy: "::")
            #expect(parts.first == vector.family.rawValue, "\(id)")
            #expect(parts.count >= 3 && parts.allSatisfy { $0.wholeMatch(of: part) != nil }, "\(id)")
            // A vector of some profiles, not every one, ends with the name of one of them; one of every profile, with none.
            let profileSuffix = ConformanceProfile.allCases.first { id.hasSuffix(".\($0.rawValue)") }
            if let profiles = vector.metadata.profiles {
                #expect(profileSuffix.map(profiles.contains) == true && profiles.count < ConformanceProfile.allCases.count, "\(id)")
            } else {
                #expect(profileSuffix == nil, "\(id)")
            }
        }
    }

    @Test("descriptions are unique within a family, and every vector cites a ref inside the repository or a public source")
    func descriptionsAndRefs() {
        for family in ConformanceFamily.allCases {
            let descriptions = suite.vectors.filter { $0.family == family }.map(\.metadata.description)
            #expect(Set(descriptions).count == descriptions.count, "\(family)")
        }
        for vector in suite.vectors {
            #expect(!vector.metadata.refs.isEmpty, "\(vector.metadata.id)")
            for ref in vector.metadata.refs {
                #expect(!["behaviour.md", "seeds/", "conformance-suites.md"].contains { ref.hasPrefix($0) }, "\(vector.metadata.id): \(ref)")
            }
        }
    }

    // Every registered family: at least ten vectors (every family file has more), so a family file
    // that a generator bug truncated fails here as well as in the generator's byte-for-byte check.
    @Test("each family has at least ten vectors", arguments: ConformanceFamily.allCases)
    func minimumCounts(family: ConformanceFamily) {
        #expect(suite.vectors.filter { $0.family == family }.count >= 10)
    }

    @Test("every family of the toolkit has a vector file in the suite")
    func everyFamilyIsInTheSuite() {
        #expect(Set(suite.vectors.map(\.family)) == Set(ConformanceFamily.allCases))
    }

    // MARK: nonce (SPECIFICATION.md §1, §8)

    /// Unicode category Zs, listed in SPECIFICATION.md §1, plus TAB.
    static let refusedInBothProfiles: [Unicode.Scalar] = [
        "\u{0009}", "\u{0020}", "\u{00A0}", "\u{1680}", "\u{2000}", "\u{2001}", "\u{2002}", "\u{2003}", "\u{2004}",
        "\u{2005}", "\u{2006}", "\u{2007}", "\u{2008}", "\u{2009}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}",
    ]
    /// Newlines: refused by the documented reading, accepted by the SDK.
    static let profileSplit: [Unicode.Scalar] = ["\n", "\r", "\u{000B}", "\u{000C}", "\u{0085}", "\u{2028}", "\u{2029}"]

    @Test("every Zs character and TAB is refused in both profiles")
    func zsRefused() {
        let nonces = vectors(NonceFamily.self)
        for scalar in Self.refusedInBothProfiles {
            let covering = nonces.filter {
                $0.metadata.profiles == nil && $0.input.nonce.unicodeScalars.contains(scalar)
                    && $0.expected == .invalid(.whitespace)
            }
            #expect(!covering.isEmpty, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    @Test("every newline is refused under documented and accepted under ios-sdk")
    func newlinesSplit() {
        let nonces = vectors(NonceFamily.self)
        for scalar in Self.profileSplit {
            let alone = nonces.filter { $0.input.nonce.unicodeScalars.contains(scalar) }
            #expect(alone.contains { $0.metadata.isOfReading(.documented) && $0.expected == .invalid(.whitespace) })
            #expect(alone.contains { $0.metadata.isOfReading(.iosSDK) && $0.expected == .valid })
        }
    }

    @Test("U+200B (DECISIONS.md D21): accepted under documented, refused under ios-sdk; the empty nonce is refused as empty")
    func zeroWidthAndEmpty() {
        let nonces = vectors(NonceFamily.self)
        #expect(nonces.contains { $0.input.nonce.unicodeScalars.contains("\u{200B}") && $0.metadata.isOfReading(.documented) && $0.expected == .valid })
        #expect(nonces.contains { $0.input.nonce.unicodeScalars.contains("\u{200B}") && $0.metadata.isOfReading(.iosSDK) && $0.expected == .invalid(.whitespace) })
        #expect(nonces.contains { $0.input.nonce.isEmpty && $0.expected == .invalid(.empty) })
        #expect(nonces.contains { $0.input.nonce.unicodeScalars.count >= 10_000 && $0.expected == .valid })
    }

    // MARK: login configuration (SPECIFICATION.md §1, §8)

    static let limitedLoginPermissions = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    private func created(_ outcome: LoginConfigurationOutcome) -> Bool {
        if case .created = outcome { true } else { false }
    }

    @Test("every Limited Login permission is accepted under limited, in both profiles")
    func limitedLoginListAccepted() {
        let configurations = vectors(LoginConfigurationFamily.self)
        for permission in Self.limitedLoginPermissions {
            #expect(configurations.contains {
                $0.input.tracking == .limited && $0.input.permissions == [permission] && $0.metadata.profiles == nil
                    && created($0.expected)
            }, "\(permission)")
        }
    }

    @Test("at least 20 permissions outside the list are refused under documented and accepted under ios-sdk")
    func outsideListSplit() {
        let configurations = vectors(LoginConfigurationFamily.self).filter {
            $0.input.tracking == .limited && $0.input.permissions.count == 1
                && !Self.limitedLoginPermissions.contains($0.input.permissions[0])
        }
        let refused = Set(configurations.filter {
            $0.metadata.isOfReading(.documented) && $0.expected == .refused(.permissionOutsideTrackingScope)
        }.map { $0.input.permissions[0] })
        let accepted = Set(configurations.filter { $0.metadata.isOfReading(.iosSDK) && created($0.expected) }
            .map { $0.input.permissions[0] })
        #expect(refused.intersection(accepted).count >= 20)
        #expect(refused.contains("user_likes"))
    }

    @Test("code verifier lengths 42 and 129 are refused, 43 and 128 accepted", arguments: [
        (42, false), (43, true), (128, true), (129, false),
    ])
    func codeVerifierBoundaries(length: Int, valid: Bool) {
        let matching = vectors(LoginConfigurationFamily.self).filter {
            $0.input.codeVerifier?.unicodeScalars.count == length && $0.input.codeVerifier?.allSatisfy(\.isASCII) == true
        }
        #expect(!matching.isEmpty)
        #expect(matching.allSatisfy { valid ? created($0.expected) : $0.expected == .refused(.invalidCodeVerifier) })
    }

    // MARK: token claims (SPECIFICATION.md §4)

    private func claimNumber(_ vector: Vector<TokenClaimsFamily>, _ name: String) -> Double? {
        JSONValue.parse(vector.input.claims)?.objectValue?[name]?.numberValue
    }

    @Test("exp == now is expired and exp == now + 1 is accepted; iat = now - 600 is accepted and now - 601 is not")
    func timeBoundaries() {
        let claims = vectors(TokenClaimsFamily.self)
        let acceptedResult: (TokenClaimsOutcome) -> Bool = { if case .accepted = $0 { true } else { false } }
        #expect(claims.contains { claimNumber($0, "exp") == $0.input.now && $0.expected == .rejected(TokenClaimsRejection(.expired)) })
        #expect(claims.contains { claimNumber($0, "exp") == $0.input.now + 1 && acceptedResult($0.expected) })
        #expect(claims.contains { claimNumber($0, "iat") == $0.input.now - 600 && acceptedResult($0.expected) })
        #expect(claims.contains { claimNumber($0, "iat") == $0.input.now - 601 && $0.expected == .rejected(TokenClaimsRejection(.issuedTooLongAgo)) })
    }

    @Test("an aud array holding the app ID is refused")
    func audienceArray() {
        let claims = vectors(TokenClaimsFamily.self)
        #expect(claims.contains { vector in
            JSONValue.parse(vector.input.claims)?.objectValue?["aud"] == .array([.string(vector.input.appID)])
                && vector.expected == .rejected(TokenClaimsRejection(.wrongClaimType, claim: "aud"))
        })
    }

    // MARK: login result (SPECIFICATION.md §3)

    @Test("some vector tells requested ∩ denied from requested − granted")
    func declinedIsNotRequestedMinusGranted() {
        let results = vectors(LoginResultFamily.self)
        #expect(results.contains { vector in
            guard case .success(let success) = vector.expected else { return false }
            return success.declinedPermissions != vector.input.requestedPermissions.subtracting(success.grantedPermissions)
        })
    }

    @Test("error without error_message is a cancellation; with it, core error 8")
    func errorParameters() {
        let results = vectors(LoginResultFamily.self)
        #expect(results.contains { $0.input.parameters["error"] != nil && $0.input.parameters["error_message"] == nil
            && { if case .cancelled = $0 { true } else { false } }($0.expected) })
        #expect(results.contains { $0.input.parameters["error_message"] != nil
            && { if case .failed(let error) = $0 { error.domain == "com.facebook.sdk.core" && error.code == 8 } else { false } }($0.expected) })
    }

    @Test("every vector's input is sent exactly as the file has it (null members included)")
    func inputsRoundTrip() throws {
        // The file read with the strict parser, not the loader's Foundation decoding, and compared code point by
        // code point, not with Swift's == (canonical equivalence would let an NFC input pass for an NFD one).
        var compared = 0
        for entry in suite.manifest.families {
            let text = try String(contentsOf: suite.directory.appendingPathComponent(entry.file), encoding: .utf8)
            let vectors = try #require(JSONValue.parse(text)?.objectValue?["vectors"]?.arrayValue)
            for raw in vectors {
                let id = try #require(raw.objectValue?["id"]?.stringValue)
                let vector = try #require(suite.vector(withID: id))
                let input = try #require(raw.objectValue?["input"])
                #expect(Self.exactlyEqual(try #require(JSONValue.parse(vector.inputJSON())), input), "\(id)")
                compared += 1
            }
        }
        #expect(compared == suite.vectors.count)
    }

    /// Equal as JSON, strings and member names compared by their Unicode scalars (never Swift's `==`).
    static func exactlyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b && a.doubleValue.sign == b.doubleValue.sign
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(exactlyEqual)
        case (.object(let a), .object(let b)):
            func scalars(_ members: [String: JSONValue]) -> [(key: [Unicode.Scalar], value: JSONValue)] {
                members.map { (Array($0.key.unicodeScalars), $0.value) }
                    .sorted { $0.key.lexicographicallyPrecedes($1.key) { $0.value < $1.value } }
            }
            let (left, right) = (scalars(a), scalars(b))
            return left.count == right.count
                && zip(left, right).allSatisfy { $0.key == $1.key && exactlyEqual($0.value, $1.value) }
        default: return false
        }
    }

}
