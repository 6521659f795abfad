import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension TokenClaimsFamily: MutatedFamily { package typealias Mutants = ClaimsMutants }

/// Mutants of id_token header and claims validation (SPECIFICATION.md §4, §8) and the JWT attack classes (RFC 8725
/// §2): `alg: none`, lenient JSON, NumericDate as a string or a boolean, off-by-one time
/// windows, lenient issuer and audience checks, Swift's `String ==`, and optional claims handled wrongly.
package enum ClaimsMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable {
        ReferenceTokenClaimsValidator(profile: profile)
    }

    package static let all: [Mutant] = [
        // Header.
        // The kinds of bug (the [kind] in front of each description).
        mutant("token.nonce-prefix-match", .documented,
               "[prefix comparison] accepts a nonce claim that starts with the expected nonce, so an empty expected "
               + "nonce matches anything (§4: exact; D44)") {
            $0.nonceMatches = { claim, expected in claim.hasPrefix(expected) }
        },
        mutant("token.aud-prefix-match", .iosSDK,
               "[prefix comparison] accepts an aud that starts with the app ID or that the app ID starts with (§4: "
               + "exactly the app ID)") {
            $0.audienceMatches = { aud, appID in aud.hasPrefix(appID) || appID.hasPrefix(aud) }
        },
        mutant("token.numbers-as-required-strings", .documented,
               "[loosely typed JSON] reads a JSON number where a required string is due (sub: 123 as \"123\"), as "
               + "a lenient decoder does (§4: iss, aud, sub, nonce are strings)") {
            $0.string = { value in value.stringValue ?? value.numberValue.map { String(Int($0)) } }
        },
        mutant("token.iss-trailing-dot-stripped", .iosSDK,
               "[almost-right host] drops a trailing dot from the issuer's host (the DNS root) before the suffix test "
               + "(D42: the host is compared as written)") {
            let conformant = $0.issuerAccepted
            $0.issuerAccepted = { iss in
                let cleaned = iss.hasSuffix(".") ? String(iss.dropLast()) : iss.replacingOccurrences(of: ".:", with: ":")
                return conformant(cleaned)
            }
        },
        mutant("token.alg-prefix-rs", .documented,
               "[prefix comparison] accepts any alg starting with RS, so RS384 and RS512 pass (§4: exactly RS256)") {
            $0.algorithmAccepted = { $0?.stringValue?.hasPrefix("RS") ?? false }
        },
        mutant("token.accepts-alg-none", .documented,
               "accepts alg none, an unsigned token, beside RS256 (CVE-2015-2951; §4: exactly RS256)") {
            $0.algorithmAccepted = { $0?.stringValue == "RS256" || $0?.stringValue == "none" }
        },
        mutant("token.alg-case-insensitive", .documented,
               "compares alg case-insensitively, so rs256 passes (§4: exactly RS256)") {
            $0.algorithmAccepted = { $0?.stringValue?.uppercased() == "RS256" }
        },
        mutant("token.typ-optional-under-ios-sdk", .iosSDK,
               "accepts a header without typ, which RFC 7519 makes optional, while claiming the SDK, which requires typ JWT (D01)") {
            $0.typeAccepted = { $0 == nil || $0?.stringValue == "JWT" }
        },
        mutant("token.missing-kid-accepted-under-ios-sdk", .iosSDK,
               "accepts a header without kid (RFC 7515 makes it optional) while claiming the SDK, which requires one (D02)") {
            $0.keyIDAccepted = { $0 == nil || !($0?.stringValue?.isEmpty ?? true) }
        },
        mutant("token.empty-kid-accepted-under-ios-sdk", .iosSDK,
               "accepts any string kid, the empty one included, while claiming the SDK, which requires a non-empty kid (D02)") {
            $0.keyIDAccepted = { $0?.stringValue != nil }
        },
        mutant("token.foundation-json-decoder", .documented,
               "parses with Foundation's JSONDecoder, which accepts a trailing comma (§4: a JSON object; RFC 8259)") {
            $0.parse = { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
        },
        // Required claims.
        mutant("token.null-claim-is-missing", .documented,
               "reads a null claim as absent (Swift optional chaining), so iss: null is missingClaim, not wrongClaimType (§4)") {
            $0.claim = { claims, name in claims[name] == .null ? nil : claims[name] }
        },
        mutant("token.missing-claim-is-wrong-type", .documented,
               "reports an absent claim as wrongClaimType (a failed cast), not missingClaim (§4)") {
            $0.missingReason = .wrongClaimType
        },
        mutant("token.numeric-string-times", .documented,
               "accepts exp and iat written as strings of digits (NumericDate as a string; §4: JSON numbers)") {
            $0.number = { $0.numberValue ?? $0.stringValue.flatMap(Double.init) }
        },
        mutant("token.boolean-times", .documented,
               "reads true as 1 and false as 0, as NSNumber bridging does (§4: JSON numbers, booleans are not)") {
            $0.number = { value in
                if case .bool(let flag) = value { return flag ? 1 : 0 }
                return value.numberValue
            }
        },
        mutant("token.times-truncated-to-integers", .documented,
               "truncates exp and iat to whole seconds, so exp = now + 0.5 is expired (§4: JSON numbers, fractions too)") {
            $0.number = { $0.numberValue.map { $0.rounded(.towardZero) } }
        },
        mutant("token.jti-not-checked-under-ios-sdk", .iosSDK,
               "does not check jti at all, as the documents do not, while claiming the SDK, which requires a non-empty string (D07)") {
            $0.checksJTI = false
        },
        mutant("token.empty-sub-accepted", .documented,
               "checks jti and nonce for emptiness but not sub (§4: sub is a non-empty string)") {
            $0.nonEmptyClaims = ["jti", "nonce"]
        },
        mutant("token.blank-claim-is-empty", .documented,
               "trims before the emptiness check, so jti \" \" is refused (§4: non-empty, not non-blank)") {
            $0.isEmpty = { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        },
        // Issuer.
        mutant("token.iss-suffix-without-dot", .iosSDK,
               "checks that the host ends with facebook.com without the dot, so evilfacebook.com passes (§4)") {
            $0.issuerAccepted = { iss in URL(string: iss)?.host?.hasSuffix("facebook.com") ?? false }
        },
        mutant("token.iss-substring", .iosSDK,
               "accepts any iss containing facebook.com, in the host or not (§4: the URL host)") {
            $0.issuerAccepted = { iss in iss.contains("facebook.com") }
        },
        mutant("token.iss-host-case-insensitive", .iosSDK,
               "lower-cases the host before the check, so WWW.FACEBOOK.COM passes (§4: case-sensitive)") {
            $0.issuerAccepted = { iss in
                guard let host = URL(string: iss)?.host?.lowercased() else { return false }
                return host == "facebook.com" || host.hasSuffix(".facebook.com")
            }
        },
        mutant("token.iss-requires-https-under-ios-sdk", .iosSDK,
               "also requires the https scheme while claiming the SDK, which checks only the host (§4)") {
            let conformant = $0.issuerAccepted
            $0.issuerAccepted = { iss in conformant(iss) && URL(string: iss)?.scheme == "https" }
        },
        mutant("token.iss-host-rule-under-documented", .documented,
               "applies the SDK's host rule while claiming the documented reading, which lists two issuers (§8)") {
            $0.issuerAccepted = ReferenceTokenClaimsValidator(profile: .iosSDK).issuerAccepted
        },
        mutant("token.iss-exact-list-under-ios-sdk", .iosSDK,
               "accepts only the two documented issuers while claiming the SDK, which accepts any *.facebook.com host (§8)") {
            $0.issuerAccepted = ReferenceTokenClaimsValidator(profile: .documented).issuerAccepted
        },
        mutant("token.iss-prefix-match", .documented,
               "accepts an iss that starts with a documented issuer, so https://www.facebook.com.evil.com passes (§8)") {
            $0.issuerAccepted = { iss in ReferenceTokenClaimsValidator.documentedIssuers.contains { iss.hasPrefix($0) } }
        },
        mutant("token.iss-trailing-slash-ignored", .documented,
               "strips a trailing slash before comparing iss (§8: exactly one of the documented issuers)") {
            let conformant = $0.issuerAccepted
            $0.issuerAccepted = { iss in conformant(iss.hasSuffix("/") ? String(iss.dropLast()) : iss) }
        },
        // Audience.
        mutant("token.aud-array-containing-app-id", .documented,
               "accepts any aud array that contains the app ID, another audience included (§4; OpenID Connect Core "
                   + "§3.1.3.7 item 3, DECISIONS.md D54: at most an array of the app ID alone may be accepted)") {
            $0.audience = { value, appID in
                value.stringValue ?? (value.arrayValue?.contains(.string(appID)) == true ? appID : nil)
            }
        },
        mutant("token.aud-number-equal-to-app-id", .documented,
               "accepts a numeric aud equal to the app ID's digits (§4: a string)") {
            $0.audience = { value, _ in value.stringValue ?? value.numberValue.map { String(Int($0)) } }
        },
        mutant("token.aud-trimmed", .documented,
               "trims aud before comparing it with the app ID (§4: exactly equal)") {
            $0.audienceMatches = { $0.trimmingCharacters(in: .whitespacesAndNewlines).isCodePointEqual(to: $1) }
        },
        mutant("token.aud-swift-string-equality", .documented,
               "compares aud with Swift's String ==, canonical equivalence, so an NFD app ID matches its NFC form (RFC 7519 §2, D10)") {
            $0.audienceMatches = { $0 == $1 }
        },
        mutant("token.aud-code-points-under-ios-sdk", .iosSDK,
               "compares aud code point by code point while claiming the SDK, whose String == matches NFD with NFC (D10)") {
            $0.audienceMatches = { $0.isCodePointEqual(to: $1) }
        },
        // Time.
        mutant("token.exp-equal-now-accepted", .documented,
               "accepts exp >= now, so a token is still valid at exactly exp (§4: exp > now)") {
            $0.notExpired = { $0 >= $1 }
        },
        mutant("token.exp-leeway-60-seconds", .documented,
               "allows 60 seconds of clock skew on exp, go-jose's default (§4: exp > now, no leeway)") {
            $0.notExpired = { $0.doubleValue > $1.doubleValue - 60 }
        },
        mutant("token.iat-bound-exclusive", .documented,
               "requires iat > now - 600, refusing a token issued exactly 10 minutes ago (§4: iat >= now - 600)") {
            $0.recentlyIssued = { $0 > $1 - 600 }
        },
        mutant("token.iat-window-601-seconds-under-ios-sdk", .iosSDK,
               "allows iat >= now - 601 while claiming the SDK, one second longer than its 600 (D05)") {
            $0.recentlyIssued = { $0 >= $1 - 601 }
        },
        mutant("token.future-iat-refused-under-ios-sdk", .iosSDK,
               "refuses an iat in the future, as PyJWT does since 2.6, while claiming the SDK, which does not (§8)") {
            $0.futureIssueAccepted = { $0 <= $1 }
        },
        // Nonce.
        mutant("token.nonce-swift-string-equality", .documented,
               "compares the nonce with Swift's String ==, canonical equivalence, so NFD matches NFC (RFC 7519 §7.3, D11)") {
            $0.nonceMatches = { $0 == $1 }
        },
        mutant("token.nonce-code-points-under-ios-sdk", .iosSDK,
               "compares the nonce code point by code point while claiming the SDK, whose String == matches NFD with NFC (D11)") {
            $0.nonceMatches = { $0.isCodePointEqual(to: $1) }
        },
        mutant("token.nonce-case-insensitive", .documented,
               "compares the nonce case-insensitively (§4: exactly equal)") {
            $0.nonceMatches = { $0.lowercased() == $1.lowercased() }
        },
        mutant("token.nonce-trimmed", .documented,
               "trims the nonce claim before comparing it (§4: exactly equal)") {
            $0.nonceMatches = { $0.trimmingCharacters(in: .whitespacesAndNewlines).isCodePointEqual(to: $1) }
        },
        // Optional claims.
        mutant("token.wrong-optional-claim-rejects-token", .iosSDK,
               "refuses the whole token when an optional claim has the wrong type (§4: drop the claim, keep the token)") {
            $0.wrongOptionalClaimRejects = true
        },
        mutant("token.empty-optional-string-dropped", .documented,
               "drops an optional string claim that is \"\" (§4: any string is kept)") {
            $0.optionalString = { $0.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        },
        mutant("token.empty-friends-dropped", .documented,
               "drops user_friends when it is [] (§4: an empty array is kept)") {
            $0.friends = { value in
                guard let elements = value.arrayValue, !elements.isEmpty else { return nil }
                let strings = elements.compactMap(\.stringValue)
                return strings.count == elements.count ? strings : nil
            }
        },
        mutant("token.friends-filtered", .iosSDK,
               "keeps the strings of a user_friends array with other elements (compactMap; §4: drop the claim)") {
            $0.friends = { $0.arrayValue?.compactMap(\.stringValue) }
        },
        mutant("token.empty-objects-kept", .iosSDK,
               "keeps user_age_range, user_hometown and user_location when they are {} (§4: non-empty objects)") {
            $0.keepsEmptyObjects = true
        },
        mutant("token.empty-jkt-kept", .iosSDK,
               "keeps cnf when its jkt is the empty string (§4: a non-empty string)") {
            $0.confirmation = { $0.objectValue?["jkt"]?.stringValue }
        },
    ]

    /// Mutants retired in suite 0.3.0 because their "bug" became an outcome the vectors also accept
    /// (Vectors/DECISIONS.md); never deleted silently. Each has an ios-sdk successor above where the SDK still
    /// refuses what it accepts.
    package static let retired: [(name: String, profile: ConformanceProfile, reason: String)] = [
        ("token.typ-optional", .documented,
         "accepting a header without typ is a lenient outcome of the documented reading (D01); successor "
         + "token.typ-optional-under-ios-sdk"),
        ("token.iat-window-601-seconds", .documented,
         "the documents leave the iat window to the client, so accepting iat = now - 601 is lenient under documented "
         + "(D05); successor token.iat-window-601-seconds-under-ios-sdk"),
        ("token.empty-kid-accepted", .documented,
         "with no key set to look it up in, an empty kid is a lenient outcome of the documented reading (RFC 7515 "
         + "§4.1.4 allows any string; D02); successor token.empty-kid-accepted-under-ios-sdk"),
    ]

    /// ``retired``, each named `name (profile)`.
    package static var retiredMutants: [(name: String, reason: String)] {
        retired.map { ("\($0.name) (\($0.profile.rawValue))", $0.reason) }
    }

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceTokenClaimsValidator) -> Void
    ) -> Mutant {
        var model = ReferenceTokenClaimsValidator(profile: profile)
        bug(&model)
        return Mutant(name: name, description: description, family: .tokenClaims, profile: profile, implementation: model)
    }
}
