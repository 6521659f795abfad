import Foundation
import LoginConformance

/// Mutants of full signed-token validation (SPECIFICATION.md §4, §8) and the JOSE attack classes of
/// conformance-suites.md: `alg: none` in any case, RS/HS key confusion, algorithm taken from the header, a kid that
/// falls back to another key, embedded keys trusted, empty or absent signatures, lenient or over-strict base64url,
/// first-wins / last-wins duplicate members, NumericDates wrapped through Int64, and claims not checked at all.
///
/// Signatures are decided by ``SignatureOracle`` (precomputed with real cryptography); each mutant's bug is in the
/// Swift logic around the signature, which is where real validators go wrong.
enum SignedTokenMutants {
    static let all: [Mutant] = [
        // Algorithms.
        mutant("signed-token.accepts-alg-none", .documented,
               "accepts alg none as an unsigned token beside RS256 (CVE-2015-2951; §4: exactly RS256)") { model in
            model.algorithm = { $0?.stringValue == "none" ? .unsigned : $0?.stringValue == "RS256" ? .verify("RS256") : nil }
        },
        mutant("signed-token.alg-none-blocklist", .documented,
               "refuses only the lower-case none and verifies other algorithms it knows, so NONE and None pass unsigned") { model in
            model.algorithm = { value in
                guard let alg = value?.stringValue, alg != "none" else { return nil }
                return ["RS256"].contains(alg) ? .verify(alg) : alg.lowercased() == "none" ? .unsigned : nil
            }
        },
        mutant("signed-token.hs256-with-public-key", .documented,
               "verifies HS256 with the published RSA key's bytes as the HMAC secret (RS/HS confusion, CVE-2016-10555)") { model in
            model.algorithm = { ["RS256", "HS256"].contains($0?.stringValue ?? "") ? .verify($0!.stringValue!) : nil }
        },
        mutant("signed-token.any-rsa-algorithm", .documented,
               "takes the algorithm from the header and accepts RS384, RS512 and PS256 with the RSA key (§4: RS256 only)") { model in
            model.algorithm = { ["RS256", "RS384", "RS512", "PS256"].contains($0?.stringValue ?? "") ? .verify($0!.stringValue!) : nil }
        },
        mutant("signed-token.verifies-any-rsa-padding", .iosSDK,
               "accepts an RS256-labelled token whose signature verifies under any RSA hash or padding (SHA-384, SHA-512, PSS)") { model in
            model.algorithm = { $0?.stringValue == "RS256" ? .verify("RS256", "RS384", "RS512", "PS256") : nil }
        },
        mutant("signed-token.alg-case-insensitive", .documented,
               "compares alg case-insensitively, so rs256 passes (§4: exactly RS256)") { model in
            model.algorithm = { $0?.stringValue?.uppercased() == "RS256" ? .verify("RS256") : nil }
        },
        // Signature.
        mutant("signed-token.ignores-signature", .documented,
               "decodes and checks the claims but never verifies the signature (§4 step 2)") { model in
            model.algorithm = { $0?.stringValue == "RS256" ? .unsigned : nil }
        },
        mutant("signed-token.empty-signature-accepted", .iosSDK,
               "skips verification when the signature segment is empty (CVE-2020-28042)") { model in
            model.skipsVerification = { $0.isEmpty }
        },
        // Structure.
        mutant("signed-token.two-segments-unsigned", .documented,
               "treats a token without a signature segment as unsigned and accepts it (§4: exactly 3 segments)") { model in
            model.segments = { token in
                let parts = token.split(separator: ".", omittingEmptySubsequences: false)
                return parts.count == 3 ? parts : parts.count == 2 ? parts + [""] : nil
            }
            model.skipsVerification = { $0.isEmpty }
        },
        mutant("signed-token.extra-segments-ignored", .documented,
               "reads the first three segments of a longer token and ignores the rest (§4: exactly 3 segments)") { model in
            model.segments = { token in
                let parts = token.split(separator: ".", omittingEmptySubsequences: false)
                return parts.count >= 3 ? Array(parts.prefix(3)) : nil
            }
        },
        // base64url.
        mutant("signed-token.lenient-base64url-documented", .documented,
               "decodes segments leniently (padding, whitespace, + and / tolerated) under the documented reading (RFC 7515 §2)") { model in
            model.decode = { segment, _ in Base64URL.decode(segment, lenient: true) }
        },
        mutant("signed-token.padding-tolerated", .documented,
               "strips trailing = padding before strict decoding (RFC 7515 §2: no padding)") { model in
            model.decode = { segment, _ in
                var trimmed = segment
                while trimmed.hasSuffix("=") { trimmed = trimmed.dropLast() }
                return Base64URL.decode(trimmed, lenient: false)
            }
        },
        mutant("signed-token.strict-base64url-ios-sdk", .iosSDK,
               "decodes segments strictly under the ios-sdk reading, refusing what the SDK tolerates (§4, §8)") { model in
            model.decode = { segment, _ in Base64URL.decode(segment, lenient: false) }
        },
        // JSON.
        mutant("signed-token.json-first-wins", .documented,
               "parses with Foundation's JSONDecoder: duplicate members resolve first-wins, a trailing comma passes") { model in
            model.parse = { try? JSONDecoder().decode(JSONValue.self, from: Data($0)) }
        },
        mutant("signed-token.invalid-utf8-replaced", .documented,
               "decodes segments with String(decoding:), replacing invalid UTF-8 with U+FFFD instead of refusing it (RFC 8259 §8.1)") { model in
            model.parse = { JSONValue.parse(String(decoding: $0, as: UTF8.self)) }
        },
        // Header.
        mutant("signed-token.typ-optional-under-ios-sdk", .iosSDK,
               "accepts a header without typ (RFC 7519 makes it optional) while claiming the SDK, which requires JWT (D01)") { model in
            model.typeAccepted = { $0 == nil || $0?.stringValue == "JWT" }
        },
        mutant("signed-token.ignores-crit-documented", .documented,
               "ignores a crit header naming an unknown extension under the documented reading (RFC 7515 §4.1.11)") { model in
            model.critAccepted = { _, _ in true }
        },
        mutant("signed-token.refuses-crit-ios-sdk", .iosSDK,
               "refuses a crit header under the ios-sdk reading, where the SDK ignores other header members (§4)") { model in
            model.critAccepted = { crit, _ in crit == nil }
        },
        // Keys.
        mutant("signed-token.unknown-kid-falls-back-to-first-key", .documented,
               "verifies with the first published key when kid names none (jwt-kit's default signer; §4: the key for kid)") { model in
            model.candidateKeys = { kid, published, _ in
                published[kid].map { [$0] } ?? published.sorted { $0.key < $1.key }.prefix(1).map(\.value)
            }
        },
        mutant("signed-token.tries-every-key", .documented,
               "tries every published key until one verifies, ignoring which key kid names (§4: the key for kid)") { model in
            model.candidateKeys = { _, published, _ in published.values.sorted() }
        },
        mutant("signed-token.missing-kid-uses-only-key-under-ios-sdk", .iosSDK,
               "uses the only published key when kid is absent (OpenID Connect §10.1) while claiming the SDK, which requires kid (D02)") { model in
            model.keyID = { value, published in
                if value == nil, published.count == 1 { return published.keys.first }
                return value?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            }
        },
        mutant("signed-token.kid-case-insensitive", .documented,
               "looks kid up case-insensitively (§4: the key whose kid is exactly the header's)") { model in
            model.candidateKeys = { kid, published, _ in
                published.first { $0.key.lowercased() == kid.lowercased() }.map { [$0.value] } ?? []
            }
        },
        mutant("signed-token.trusts-embedded-jwk", .documented,
               "verifies with the header's embedded jwk when there is one (CVE-2018-0114)") { model in
            model.candidateKeys = { kid, published, header in
                if let n = header["jwk"]?.objectValue?["n"]?.stringValue { return [n] }
                return published[kid].map { [$0] } ?? []
            }
        },
        mutant("signed-token.trusts-x5c", .iosSDK,
               "verifies with the certificate of the header's x5c chain when there is one (the chain is not the key source)") { model in
            model.candidateKeys = { kid, published, header in
                if let first = header["x5c"]?.arrayValue?.first?.stringValue, let n = SignatureOracle.shared.chains[first] { return [n] }
                return published[kid].map { [$0] } ?? []
            }
        },
        mutant("signed-token.certificates-under-documented", .documented,
               "reads the certificate map under the documented reading, whose key source is the JWKS (§8)") { model in
            model.publishedKeys = { keys, _ in SignedTokenModel.certificateKeys(keys) }
        },
        mutant("signed-token.jwks-under-ios-sdk", .iosSDK,
               "reads the JWKS under the ios-sdk reading, whose key source is the certificate map (§8)") { model in
            model.publishedKeys = { keys, _ in SignedTokenModel.jwksKeys(keys) }
        },
        mutant("signed-token.certificate-map-skips-non-strings", .iosSDK,
               "skips certificate-map entries that are not strings, where the SDK's [String: String] cast fails the whole map (D13)") { model in
            model.publishedKeys = { keys, _ in SignedTokenModel.certificateKeysSkippingNonStrings(keys) }
        },
        mutant("signed-token.merges-key-sources", .documented,
               "merges the JWKS and the certificate map, so a kid of either source verifies (§8: one source per reading)") { model in
            model.publishedKeys = { keys, _ in SignedTokenModel.jwksKeys(keys).merging(SignedTokenModel.certificateKeys(keys)) { a, _ in a } }
        },
        // Claims.
        mutant("signed-token.trusts-verified-claims", .documented,
               "checks only the signature and trusts the claims of a verified token (§4 step 3: exp, iss, aud, nonce)") { model in
            model.checksClaims = false
        },
        mutant("signed-token.no-iat-check-under-ios-sdk", .iosSDK,
               "does not check iat, as jwt-kit's defaults do not, while claiming the SDK, which refuses iat < now - 600 (D05)") { model in
            model.claims.recentlyIssued = { _, _ in true }
        },
        mutant("signed-token.future-iat-refused", .iosSDK,
               "refuses an iat in the future, as PyJWT does since 2.6 (§4, §8: the SDK sets no upper bound)") { model in
            model.claims.futureIssueAccepted = { iat, now in iat <= now }
        },
        mutant("signed-token.numeric-date-int64", .documented,
               "reads NumericDates into Int64 with wrapping, so exp = 2^63 becomes negative and the token expired") { model in
            model.claims.number = { value in
                value.numberValue.map { $0 >= 9.223372036854775807e18 ? -$0 : $0 }
            }
        },
    ]

    /// Mutants retired in suite 0.3.0 because their "bug" became an outcome the vectors also accept
    /// (Vectors/DECISIONS.md); never deleted silently.
    static let retired: [(name: String, profile: ConformanceProfile, reason: String)] = [
        ("signed-token.non-canonical-bits-tolerated", .documented,
         "ignoring non-zero unused trailing bits is an outcome RFC 4648 §3.5 allows (a decoder MAY reject them) and "
         + "the non-canonical-bits vectors also accept (D17); padding, whitespace and junk are still refused"),
        ("signed-token.json-last-wins", .iosSDK,
         "keeping the last of duplicate members is an outcome RFC 7515 §4 allows and the duplicate-member vectors "
         + "also accept (D03); first-wins (signed-token.json-first-wins) is still killed"),
        ("signed-token.typ-optional", .documented,
         "accepting a header without typ is a lenient outcome of the documented reading (D01); successor "
         + "signed-token.typ-optional-under-ios-sdk"),
        ("signed-token.missing-kid-uses-only-key", .documented,
         "with one published key, a kid-less token verified by that key is a lenient outcome of the documented "
         + "reading (D02); successor signed-token.missing-kid-uses-only-key-under-ios-sdk"),
        ("signed-token.no-iat-check", .documented,
         "the documents leave the iat window to the client, so not checking it is lenient under documented (D05); "
         + "successor signed-token.no-iat-check-under-ios-sdk"),
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout SignedTokenModel) -> Void
    ) -> Mutant {
        var model = SignedTokenModel(profile: profile)
        bug(&model)
        return Mutant(name: name, description: description, family: .signedToken, profile: profile, implementation: model)
    }
}
