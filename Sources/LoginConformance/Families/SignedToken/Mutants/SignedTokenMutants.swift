import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension SignedTokenFamily: MutatedFamily { package typealias Mutants = SignedTokenMutants }

/// Mutants of full signed-token validation (SPECIFICATION.md §4, §8) and the JOSE attack classes (RFC 8725 §2):
/// `alg: none` in any case, RS/HS key confusion, algorithm taken from the header, a kid that
/// falls back to another key, embedded keys trusted, empty or absent signatures, lenient or over-strict base64url,
/// first-wins / last-wins duplicate members, NumericDates wrapped through Int64, and claims not checked at all.
///
/// Signatures are decided by ``SignatureOracle`` (precomputed with real cryptography); each mutant's bug is in the
/// Swift logic around the signature, which is where real validators go wrong.
package enum SignedTokenMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { SignedTokenModel(profile: profile) }

    /// The signed-token catalogue: its own mutants, then every token-claims bug in a server's validator.
    package static let all: [Mutant] = own + claimsBugs

    /// Every token-claims mutant's bug, in the claims step of a signed-token validator (DECISIONS.md D39: the claims
    /// matrix is also signed tokens, so a server validator that adopts only signed-token meets each of them). The
    /// token-claims header mutants are left out: a signed-token validator checks the header itself (its own header
    /// mutants above), and its claims step is handed a conformant header, so a header bug there could never show.
    package static let claimsBugs: [Mutant] = ClaimsMutants.all.compactMap { claimsMutant in
        guard let bug = claimsMutant.implementation as? ReferenceTokenClaimsValidator, !claimsHeaderMutants.contains(claimsMutant.name)
        else { return nil }
        var model = SignedTokenModel(profile: claimsMutant.profile)
        model.claims = bug
        return Mutant(name: "signed-token.claims." + claimsMutant.name.dropFirst("token.".count),
                      description: "in the claims step after the signature, \(claimsMutant.description)",
                      family: .signedToken, profile: claimsMutant.profile, implementation: model)
    }

    /// The token-claims mutants left out: those whose bug is in the header rules, and the one whose bug is in
    /// parsing the JSON text (a signed-token validator parses the payload itself, before its claims step: that bug
    /// is `signed-token.json-first-wins`).
    package static let claimsHeaderMutants: Set<String> = [
        "token.accepts-alg-none", "token.alg-case-insensitive", "token.typ-optional-under-ios-sdk",
        "token.missing-kid-accepted-under-ios-sdk", "token.empty-kid-accepted-under-ios-sdk",
        "token.foundation-json-decoder", "token.alg-prefix-rs",
    ]

    /// The signed-token family's own mutants: signature, encoding, keys, header, JSON.
    package static let own: [Mutant] = [
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
        // Signature encoding (RFC 8017 §8.2.2, §9.2; D32): the bugs behind RSA signature forgeries.
        mutant("signed-token.pkcs1-digestinfo-not-checked", .documented,
               "checks the 00 01 FF…FF 00 padding and that the block ends with the hash, but not the DigestInfo between them (RFC 8017 §9.2)") { model in
            model.encodingAccepted = { em, digest in
                SignedTokenEncoding.afterPadding(em).map { $0.count > digest.count && $0.suffix(digest.count).elementsEqual(digest) } ?? false
            }
        },
        mutant("signed-token.pkcs1-trailing-hash-only", .iosSDK,
               "compares only the last 32 bytes of the encoded message with the hash (RFC 8017 §8.2.2 step 4: the whole EM)") { model in
            model.encodingAccepted = { em, digest in em.suffix(digest.count).elementsEqual(digest) }
        },
        mutant("signed-token.pkcs1-short-signature-left-padded", .documented,
               "left-pads a signature shorter than the modulus with zero bytes instead of refusing it (RFC 8017 §8.2.2 step 1: exactly k bytes)") { model in
            model.signatureRepresentative = { signature, modulus in
                signature.count <= modulus.count && SignedTokenEncoding.representativeInRange(
                    Array(repeating: 0, count: modulus.count - signature.count) + signature, modulus)
            }
        },
        mutant("signed-token.pkcs1-leading-zeros-stripped", .iosSDK,
               "strips extra leading zero bytes of a signature longer than the modulus (a big-integer parse; RFC 8017 §8.2.2 step 1)") { model in
            model.signatureRepresentative = { signature, modulus in
                var trimmed = signature[...]
                while trimmed.count > modulus.count, trimmed.first == 0 { trimmed = trimmed.dropFirst() }
                return SignedTokenEncoding.representativeInRange(Array(trimmed), modulus)
            }
        },
        mutant("signed-token.pkcs1-separator-not-checked", .documented,
               "skips the byte between the padding and the DigestInfo instead of requiring 0x00 there (RFC 8017 §9.2 step 5)") { model in
            model.encodingAccepted = { em, digest in
                let expected = SignedTokenEncoding.encoded(digest: digest, length: em.count)
                let separator = em.count - SignedTokenEncoding.digestInfoSHA256.count - digest.count - 1
                return expected.count == em.count && em.indices.allSatisfy { $0 == separator || em[$0] == expected[$0] }
            }
        },
        mutant("signed-token.pkcs1-padding-bytes-not-checked", .iosSDK,
               "accepts any non-zero padding bytes up to the 0x00 separator, as for encryption padding (RFC 8017 §9.2: 0xFF)") { model in
            model.encodingAccepted = { em, digest in
                SignedTokenEncoding.afterPadding(em, paddingByte: { $0 != 0 }).map {
                    $0.elementsEqual(SignedTokenEncoding.digestInfoSHA256 + digest)
                } ?? false
            }
        },
        mutant("signed-token.pkcs1-signature-not-reduced", .documented,
               "checks the signature's length but not that s < n, so a valid signature plus n verifies (RFC 8017 §5.2.2)") { model in
            model.signatureRepresentative = { signature, modulus in signature.count == modulus.count }
        },
        mutant("signed-token.pkcs1-block-type-not-checked", .documented,
               "accepts block type 02 as well as 01 in the encoded message (RFC 8017 §9.2: 00 01)") { model in
            model.encodingAccepted = { em, digest in
                SignedTokenEncoding.afterPadding(em, blockType: [0x01, 0x02]).map {
                    $0.elementsEqual(SignedTokenEncoding.digestInfoSHA256 + digest)
                } ?? false
            }
        },
        mutant("signed-token.pkcs1-first-byte-not-checked", .iosSDK,
               "converts s^e mod n to a big integer's bytes and checks from the 01, so a first byte 0x01 passes (RFC 8017 §9.2: 00 01)") { model in
            model.encodingAccepted = { em, digest in
                SignedTokenEncoding.afterPadding(em, firstByte: [0x00, 0x01]).map {
                    $0.elementsEqual(SignedTokenEncoding.digestInfoSHA256 + digest)
                } ?? false
            }
        },
        mutant("signed-token.pkcs1-garbage-after-digestinfo", .documented,
               "parses the DigestInfo after the padding and ignores the bytes after the hash (Bleichenbacher's e = 3 forgery, 2006)") { model in
            model.encodingAccepted = { em, digest in
                SignedTokenEncoding.afterPadding(em).map { $0.starts(with: SignedTokenEncoding.digestInfoSHA256 + digest) } ?? false
            }
        },
        mutant("signed-token.pkcs1-any-sha2-oid", .iosSDK,
               "accepts a DigestInfo naming SHA-384 or SHA-512 around a 32-byte hash (RFC 8017 §9.2: the SHA-256 OID)") { model in
            model.encodingAccepted = { em, digest in
                guard let rest = SignedTokenEncoding.afterPadding(em).map(Array.init) else { return false }
                let prefix = SignedTokenEncoding.digestInfoSHA256
                let spellings = [prefix] + SignedTokenEncoding.otherSHA2OIDs.map { Array(prefix[..<4]) + $0 + Array(prefix[15...]) }
                return spellings.contains { rest == $0 + digest }
            }
        },
        mutant("signed-token.pkcs1-ber-lengths", .documented,
               "reads the DigestInfo as BER, so a long-form length (0x81 0x31) passes (RFC 8017 §9.2: DER)") { model in
            model.encodingAccepted = { em, digest in
                guard let rest = SignedTokenEncoding.afterPadding(em).map(Array.init) else { return false }
                let prefix = SignedTokenEncoding.digestInfoSHA256
                return rest == prefix + digest || rest == [0x30, 0x81] + prefix[1...] + digest
            }
        },
        mutant("signed-token.pkcs1-parameters-skipped", .iosSDK,
               "checks the SHA-256 OID and the hash but skips whatever lies between them and the outer lengths (BERserk, 2014)") { model in
            model.encodingAccepted = { em, digest in
                guard let rest = SignedTokenEncoding.afterPadding(em).map(Array.init), rest.count >= 15 + 2 + digest.count
                else { return false }
                let prefix = SignedTokenEncoding.digestInfoSHA256
                return rest[0] == 0x30 && rest[2] == 0x30 && rest[4..<15].elementsEqual(prefix[4..<15])
                    && rest.suffix(digest.count + 2).elementsEqual([0x04, 0x20] + digest)
            }
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
        mutant("signed-token.typ-media-type-normalised-under-ios-sdk", .iosSDK,
               "reads typ as a media type (case-insensitive, application/ optional, RFC 7515 §4.1.9) while claiming the SDK, which wants exactly JWT (D36)") { model in
            model.typeAccepted = { value in
                guard let typ = value?.stringValue?.lowercased() else { return false }
                return typ == "jwt" || typ == "application/jwt"
            }
        },
        mutant("signed-token.crit-only-arrays-checked", .documented,
               "refuses a crit array it does not understand but ignores a crit that is a string or an object (RFC 7515 §4.1.11; D37)") { model in
            model.critAccepted = { crit, profile in crit == nil || profile == .iosSDK || crit?.arrayValue == nil }
        },
        mutant("signed-token.json-raw-control-characters", .documented,
               "escapes raw control characters inside strings before parsing, so a raw TAB or U+0000 passes (RFC 8259 §7; D38)") { model in
            model.parse = { bytes in
                var escaped: [UInt8] = []
                var inString = false, escaping = false
                for byte in bytes {
                    if inString, byte < 0x20 {
                        escaped += Array(String(format: "\\u%04x", byte).utf8)
                        continue
                    }
                    if escaping { escaping = false } else if byte == UInt8(ascii: "\\") { escaping = inString } else if byte == UInt8(ascii: "\"") { inString.toggle() }
                    escaped.append(byte)
                }
                return String(validating: escaped, as: UTF8.self).flatMap(JSONValue.parse)
            }
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
        // Key usability (D33-D35).
        mutant("signed-token.jwk-use-ignored", .documented,
               "verifies with the JWK the kid names even when its use is enc (OIDC Core §10.1: the key must support signing)") { model in
            model.publishedKeys = ignoringJWKMember("use")
        },
        mutant("signed-token.jwk-key-ops-ignored", .documented,
               "verifies with a JWK whose key_ops leave out verify (RFC 7517 §4.3, OIDC Core §10.1)") { model in
            model.publishedKeys = ignoringJWKMember("key_ops")
        },
        mutant("signed-token.jwk-alg-ignored", .documented,
               "verifies RS256 with a JWK declared for another algorithm (RFC 8725 §3.1: one algorithm per key, checked)") { model in
            model.publishedKeys = ignoringJWKMember("alg")
        },
        mutant("signed-token.jwk-requires-use-and-alg", .documented,
               "refuses a JWK without use or alg, members RFC 7517 §4.2 and §4.4 make optional") { model in
            model.publishedKeys = { keys, profile in
                profile == .documented ? SignedTokenModel.jwksKeys(keys, usable: { key in
                    key["use"] != nil && key["alg"] != nil && SignedTokenModel.usableForRS256(key)
                }) : SignedTokenModel.certificateKeys(keys)
            }
        },
        mutant("signed-token.jwk-key-ops-sign-only", .documented,
               "reads key_ops [verify] as not a signature key, accepting only use sig (RFC 7517 §4.3: verify is the operation)") { model in
            model.publishedKeys = { keys, profile in
                profile == .documented ? SignedTokenModel.jwksKeys(keys, usable: { key in
                    key["key_ops"] == nil && SignedTokenModel.usableForRS256(key)
                }) : SignedTokenModel.certificateKeys(keys)
            }
        },
        mutant("signed-token.duplicate-kid-first-wins", .documented,
               "takes the first JWKS key with the kid when two share it, refusing a token the other signed (D34)") { model in
            model.publishedKeys = { keys, profile in
                profile == .documented ? SignedTokenModel.jwksKeys(keys, pick: \.first) : SignedTokenModel.certificateKeys(keys)
            }
        },
        mutant("signed-token.duplicate-kid-last-wins", .documented,
               "builds a kid → key dictionary from the JWKS, so the last key with a shared kid wins (D34)") { model in
            model.publishedKeys = { keys, profile in
                profile == .documented ? SignedTokenModel.jwksKeys(keys, pick: \.last) : SignedTokenModel.certificateKeys(keys)
            }
        },
        mutant("signed-token.certificate-map-reads-public-keys", .iosSDK,
               "also reads a bare public key PEM in the certificate map, where the SDK only makes keys of certificates (D35)") { model in
            model.publishedKeys = { keys, _ in
                guard (keys.certificates.objectValue ?? [:]).values.allSatisfy({ $0.stringValue != nil }) else { return [:] }
                let oracle = SignatureOracle.shared
                return (keys.certificates.objectValue ?? [:]).compactMapValues { entry in
                    entry.stringValue.flatMap { oracle.certificates[$0] ?? oracle.publicKeyPEMs[$0] }
                }
            }
        },
        mutant("signed-token.certificate-dates-checked", .iosSDK,
               "refuses the key of a certificate outside its validity dates, which the SDK never checks (D35)") { model in
            model.certificateInDate = { pem, now in SignatureOracle.shared.certificateValidity[pem].map { $0.contains(now) } ?? true }
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

    /// Why one killing vector is enough, for each signed-token mutant only one vector kills (no kill by
    /// accident). Each names the one input the bug changes; `SignedTokenKillCountSlowTests` fails on a mutant killed by
    /// one vector without a reason here, and on a reason whose mutant two vectors kill (stale).
    package static let oneVectorIsEnough: [String: String] = [
        "signed-token.empty-signature-accepted":
            "the bug changes one input only, a signature segment with no characters (a segment of ignored characters is "
            + "not empty as text, and is refused as an invalid signature either way)",
        "signed-token.typ-optional-under-ios-sdk":
            "the bug changes one input only, a header without typ (a typ of any value, null included, is still compared)",
        "signed-token.missing-kid-uses-only-key-under-ios-sdk":
            "the bug needs both a header without kid and exactly one published key: one input",
        "signed-token.certificate-map-skips-non-strings":
            "the bug changes one input only, a certificate map holding a non-string entry beside the certificates",
        "signed-token.claims.empty-sub-accepted":
            "the bug changes one input only, sub as the empty string (the other empty claims are checked)",
        "signed-token.claims.aud-number-equal-to-app-id":
            "the bug changes one input only, aud as the JSON number equal to the app ID",
        "signed-token.claims.aud-swift-string-equality":
            "canonical equivalence and code points differ only on a canonically equivalent pair: one NFD/NFC pair for aud",
        "signed-token.claims.aud-code-points-under-ios-sdk":
            "canonical equivalence and code points differ only on a canonically equivalent pair: one NFD/NFC pair for aud",
        "signed-token.claims.empty-friends-dropped":
            "the bug changes one input only, user_friends as an empty array",
    ]

    /// Mutants retired in suite 0.3.0 because their "bug" became an outcome the vectors also accept
    /// (Vectors/DECISIONS.md); never deleted silently.
    package static let retired: [(name: String, profile: ConformanceProfile, reason: String)] = [
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

    /// ``retired``, each named `name (profile)`.
    package static var retiredMutants: [(name: String, reason: String)] {
        retired.map { ("\($0.name) (\($0.profile.rawValue))", $0.reason) }
    }

    /// Published keys that decide a JWK's usability as the conformant model does but without looking at `member`
    /// (`documented`; `ios-sdk` keeps the certificate map).
    private static func ignoringJWKMember(_ member: String) -> @Sendable (SignedTokenKeys, ConformanceProfile) -> [String: String] {
        { keys, profile in
            profile == .documented ? SignedTokenModel.jwksKeys(keys, usable: { key in
                var others = key
                others[member] = nil
                return SignedTokenModel.usableForRS256(others)
            }) : SignedTokenModel.certificateKeys(keys)
        }
    }

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout SignedTokenModel) -> Void
    ) -> Mutant {
        var model = SignedTokenModel(profile: profile)
        bug(&model)
        return Mutant(name: name, description: description, family: .signedToken, profile: profile, implementation: model)
    }
}
