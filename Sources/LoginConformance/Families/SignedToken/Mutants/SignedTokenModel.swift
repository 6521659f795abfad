import Foundation
import LoginConformance
import LoginConformanceReference  // TokenClaimsRejection: Error
import LoginConformanceTestSupport

/// Full signed-token validation (SPECIFICATION.md §4, §8) written as mutation sites. Unmutated it conforms to the profile
/// it claims (``MutationTests`` checks that).
///
/// The root package has no cryptography and hand-rolls none, so the model does not compute RSA. For RS256 it checks
/// the signature's length and range and then EMSA-PKCS1-v1_5 itself (``SignedTokenEncoding``) on the encoded message
/// s^e mod n and the signing input's SHA-256 that `signed-token-oracle.json` stores; for the other algorithms (the
/// ones mutants wrongly allow) it looks "does this signature verify with this key" up in the same oracle. The
/// generator computes the oracle with Python's `cryptography` for every vector (and every key the vector's key
/// material or header holds). Everything around the signature — segments, base64url, JSON,
/// the header rules, the key chosen by `kid`, which algorithm is used, the claims — is real Swift code here, and
/// that is where the mutants put their bugs. jwt-kit's own behaviour is checked in Examples/JWTKitAdopter.
package struct SignedTokenModel: SignedTokenValidating, Sendable {
    package typealias Reason = SignedTokenRejection.Reason

    /// The profile it claims.
    package let profile: ConformanceProfile
    /// The header and claim rules (token-claims), used after the signature.
    package var claims: ReferenceTokenClaimsValidator
    /// The token's segments. Conformant: split at every dot, empty segments kept.
    package var segments: @Sendable (String) -> [Substring]? = { token in
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 ? parts : nil
    }
    /// A segment's bytes. Conformant: strict RFC 7515 base64url (documented), the SDK's lenient reading (ios-sdk).
    package var decode: @Sendable (Substring, ConformanceProfile) -> [UInt8]? = { segment, profile in
        Base64URL.decode(segment, lenient: profile == .iosSDK)
    }
    /// The JSON object a decoded segment holds. Conformant: UTF-8 validated, strict RFC 8259, no duplicate members.
    package var parse: @Sendable ([UInt8]) -> JSONValue? = { bytes in
        String(validating: bytes, as: UTF8.self).flatMap(JSONValue.parse)
    }
    /// The algorithms a signature may use, by the header's alg. Conformant: RS256 only (headerAlgorithm otherwise).
    package var algorithm: @Sendable (JSONValue?) -> SignatureCheck? = { $0?.stringValue == "RS256" ? .verify("RS256") : nil }
    /// Whether the header's `typ` is accepted. Conformant: exactly JWT.
    package var typeAccepted: @Sendable (JSONValue?) -> Bool = { $0?.stringValue == "JWT" }
    /// The kid the key is looked up by; `nil` is headerKeyID. Conformant: a non-empty string.
    package var keyID: @Sendable (JSONValue?, _ published: [String: String]) -> String? = { value, _ in
        value?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// Whether a `crit` header is accepted. Conformant: documented refuses any crit (no extension is understood),
    /// ios-sdk ignores it.
    package var critAccepted: @Sendable (JSONValue?, ConformanceProfile) -> Bool = { crit, profile in
        crit == nil || profile == .iosSDK
    }
    /// The published keys, kid → RSA modulus. Conformant: the profile's key source only.
    package var publishedKeys: @Sendable (SignedTokenKeys, ConformanceProfile) -> [String: String] = { keys, profile in
        profile == .documented ? SignedTokenModel.jwksKeys(keys) : SignedTokenModel.certificateKeys(keys)
    }
    /// Whether a certificate-map entry's key may be used at `now` (ios-sdk). Conformant: always, the SDK never
    /// evaluates the certificate's trust or dates (D35).
    package var certificateInDate: @Sendable (_ pem: String, _ now: Double) -> Bool = { _, _ in true }
    /// The keys tried for a kid, in order. Conformant: exactly the key the kid names, nothing else.
    package var candidateKeys: @Sendable (_ kid: String, _ published: [String: String], _ header: [String: JSONValue]) -> [String] = {
        kid, published, _ in published[kid].map { [$0] } ?? []
    }
    /// Whether a signature's bytes are a usable RSA signature representative for a modulus (both big-endian).
    /// Conformant: exactly k bytes and s < n (RFC 8017 §8.2.2 step 1, §5.2.2).
    package var signatureRepresentative: @Sendable (_ signature: [UInt8], _ modulus: [UInt8]) -> Bool =
        SignedTokenEncoding.representativeInRange
    /// Whether the recovered encoded message EM = s^e mod n is the RS256 encoding of the signing input's SHA-256.
    /// Conformant: exactly EMSA-PKCS1-v1_5 (RFC 8017 §9.2), compared byte for byte.
    package var encodingAccepted: @Sendable (_ em: [UInt8], _ digest: [UInt8]) -> Bool = SignedTokenEncoding.exact
    /// Whether verification is skipped for this signature segment. Conformant: never.
    package var skipsVerification: @Sendable (Substring) -> Bool = { _ in false }
    /// Whether the claims are checked once the signature verifies. Conformant: yes.
    package var checksClaims = true

    /// How a header's algorithm is checked.
    package enum SignatureCheck: Sendable {
        /// Verify with one of these algorithms (oracle names: RS256, RS384, RS512, PS256, HS256).
        case verifyWith([String])
        /// No signature check at all (an unsigned token).
        case unsigned

        static func verify(_ algorithms: String...) -> SignatureCheck { .verifyWith(algorithms) }
    }

    package init(profile: ConformanceProfile) {
        self.profile = profile
        self.claims = ReferenceTokenClaimsValidator(profile: profile)
    }

    package func validateSignedToken(_ input: SignedTokenInput) -> SignedTokenOutcome {
        guard let parts = segments(input.token) else { return .rejected(SignedTokenRejection(.malformed)) }
        guard let headerBytes = decode(parts[0], profile), let payloadBytes = decode(parts[1], profile),
              let signature = decode(parts[2], profile)
        else { return .rejected(SignedTokenRejection(.badBase64url)) }
        guard let header = parse(headerBytes)?.objectValue, let payload = parse(payloadBytes)?.objectValue else {
            return .rejected(SignedTokenRejection(.badJSON))
        }
        guard let check = algorithm(header["alg"]) else { return .rejected(SignedTokenRejection(.headerAlgorithm)) }
        guard typeAccepted(header["typ"]) else { return .rejected(SignedTokenRejection(.headerType)) }
        var published = publishedKeys(input.keys, profile)
        if profile == .iosSDK {
            for (kid, pem) in input.keys.certificatesByKeyID where !certificateInDate(pem, input.now) { published[kid] = nil }
        }
        guard let kid = keyID(header["kid"], published) else { return .rejected(SignedTokenRejection(.headerKeyID)) }
        guard critAccepted(header["crit"], profile) else { return .rejected(SignedTokenRejection(.headerCritical)) }
        if case .verifyWith(let algorithms) = check, !skipsVerification(parts[2]) {
            let candidates = candidateKeys(kid, published, header)
            guard !candidates.isEmpty else { return .rejected(SignedTokenRejection(.unknownKeyID)) }
            let signingInput = "\(parts[0]).\(parts[1])"
            let verified = candidates.contains { n in
                algorithms.contains { algorithm in
                    algorithm == "RS256"
                        ? verifiesRS256(signingInput: signingInput, signature: signature, n: n)
                        : SignatureOracle.shared.verifies(algorithm: algorithm, signingInput: signingInput, signature: signature, n: n)
                }
            }
            guard verified else { return .rejected(SignedTokenRejection(.signatureInvalid)) }
        }
        // The claim rules of the token-claims family, on the decoded texts (the header rules pass by now, except
        // where a mutant let a header through: the claims model then judges with a conformant header).
        let claimsInput = TokenClaimsInput(header: #"{"alg":"RS256","typ":"JWT","kid":"k"}"#,
                                           claims: JSONValue.object(payload).renderedForClaims,
                                           expectedNonce: input.expectedNonce, appID: input.appID, now: input.now)
        switch claims.validateClaims(claimsInput) {
        case .accepted(let kept): return .accepted(kept)
        case .rejected(let rejection):
            if !checksClaims, let lenient = ReferenceTokenClaimsValidator.keepWithoutChecks(payload) { return .accepted(lenient) }
            return .rejected(SignedTokenRejection(rejection))
        }
    }

    /// RSASSA-PKCS1-v1_5 verification with SHA-256 (RFC 8017 §8.2.2) by the key of modulus `n`: the signature's
    /// length and range here, then EMSA-PKCS1-v1_5 on the encoded message the oracle recovered (no cryptography in
    /// Swift: ``SignedTokenEncoding``).
    package func verifiesRS256(signingInput: String, signature: [UInt8], n: String) -> Bool {
        let oracle = SignatureOracle.shared
        guard signatureRepresentative(signature, SignedTokenEncoding.modulusBytes(n)),
              let digest = oracle.digests[signingInput] else { return false }
        // An EM the oracle leaves out fails every check (it neither starts 00 01 nor ends with the hash).
        guard let em = oracle.encodedMessage(signature: signature, n: n) else { return false }
        return encodingAccepted(em, digest)
    }

    /// kid → modulus of the JWKS's usable RSA keys (DECISIONS.md D33, D34). `usable` judges a JWK's members;
    /// `pick` chooses among the moduli of the usable keys one kid names, in JWKS order (conformant: only when
    /// there is exactly one, so a kid two keys share names no key).
    package static func jwksKeys(_ keys: SignedTokenKeys, usable: ([String: JSONValue]) -> Bool = usableForRS256,
                         pick: ([String]) -> String? = { $0.count == 1 ? $0[0] : nil }) -> [String: String] {
        var moduli: [String: [String]] = [:]
        for entry in keys.jwks.objectValue?["keys"]?.arrayValue ?? [] {
            guard let key = entry.objectValue, key["kty"]?.stringValue == "RSA", let kid = key["kid"]?.stringValue,
                  let n = key["n"]?.stringValue, key["e"]?.stringValue != nil, usable(key) else { continue }
            moduli[kid, default: []].append(n)
        }
        return moduli.compactMapValues(pick)
    }

    /// Whether a JWK may verify an RS256 token (RFC 7517 §4.2-§4.4, RFC 8725 §3.1, OIDC Core §10.1; D33): `use`
    /// absent or sig, `key_ops` absent or holding verify, `alg` absent or RS256.
    package static func usableForRS256(_ key: [String: JSONValue]) -> Bool {
        let use = key["use"], operations = key["key_ops"], alg = key["alg"]
        return (use == nil || use?.stringValue == "sig")
            && (operations == nil || operations?.arrayValue?.contains { $0.stringValue == "verify" } == true)
            && (alg == nil || alg?.stringValue == "RS256")
    }

    /// kid → modulus of the certificate map's certificates (the oracle knows each certificate's modulus). The SDK
    /// casts the whole map `as? [String: String]`, so one entry that is not a string leaves no key at all
    /// (Vectors/DECISIONS.md D13); string entries that are not certificates are ignored.
    package static func certificateKeys(_ keys: SignedTokenKeys) -> [String: String] {
        guard (keys.certificates.objectValue ?? [:]).values.allSatisfy({ $0.stringValue != nil }) else { return [:] }
        return certificateKeysSkippingNonStrings(keys)
    }

    /// The certificate map's certificates, skipping entries that are not strings (what a careful reader of the map
    /// does, but not the SDK).
    package static func certificateKeysSkippingNonStrings(_ keys: SignedTokenKeys) -> [String: String] {
        (keys.certificates.objectValue ?? [:]).compactMapValues { entry in
            entry.stringValue.flatMap { decodesAsTheSDKDoes($0) ? SignatureOracle.shared.certificates[$0] : nil }
        }
    }

    /// Whether the SDK's reading of a certificate-map entry gets bytes from it: the BEGIN and END CERTIFICATE lines
    /// and every LF removed, what is left must be strict base64 (`Data(base64Encoded:)`: its alphabet and `=`
    /// only, a multiple of 4 characters), so a CR or a space leaves no certificate (Vectors/DECISIONS.md D63).
    package static func decodesAsTheSDKDoes(_ pem: String) -> Bool {
        let body = pem.replacingOccurrences(of: "-----BEGIN CERTIFICATE-----", with: "")
            .replacingOccurrences(of: "-----END CERTIFICATE-----", with: "").replacingOccurrences(of: "\n", with: "")
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".unicodeScalars)
        return !body.isEmpty && body.unicodeScalars.count % 4 == 0 && body.unicodeScalars.allSatisfy(alphabet.contains)
    }
}

extension JSONValue {
    /// JSON text of a parsed payload for the claims model: the suite's canonical JSON, whose numbers keep their exact
    /// values (DECISIONS.md D58), so JSONValue.parse reads back the same numbers.
    package var renderedForClaims: String { CanonicalJSON.render(self) }
}

extension ReferenceTokenClaimsValidator {
    /// The required claims kept without any check (for the mutant that trusts a verified token's claims).
    package static func keepWithoutChecks(_ payload: [String: JSONValue]) -> TokenClaims? {
        let string = { (name: String) in payload[name]?.stringValue ?? "" }
        let number = { (name: String) in payload[name]?.exactNumberValue ?? 0 }
        return TokenClaims(jti: string("jti"), iss: string("iss"), aud: string("aud"), exactExp: number("exp"),
                           exactIat: number("iat"), nonce: string("nonce"), sub: string("sub"))
    }
}

/// base64url decoding: strict (RFC 7515 §2: the URL alphabet, no padding, no other characters, canonical trailing
/// bits) or the SDK's lenient reading (- and _ as + and /, unknown characters ignored, trailing bits ignored).
package enum Base64URL {
    package static func decode(_ text: Substring, lenient: Bool, ignoreTrailingBits: Bool = false) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "_"): values.append(63)
            case UInt8(ascii: "+") where lenient: values.append(62)
            case UInt8(ascii: "/") where lenient: values.append(63)
            default: if !lenient { return nil }
            }
        }
        if values.count % 4 == 1 { return nil }
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for value in values {
            buffer = (buffer << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        if !lenient, !ignoreTrailingBits, bits > 0, buffer & ((1 << UInt32(bits)) - 1) != 0 { return nil }
        return out
    }

    package static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0...chunk.count { out.append(alphabet[Int((value >> UInt32(18 - 6 * position)) & 63)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Which signatures verify, precomputed with real cryptography by the generator (Scripts/vectorgen/signed_token.py).
package final class SignatureOracle: Sendable {
    package static let shared = SignatureOracle()

    /// PEM certificate → RSA modulus (base64url).
    package let certificates: [String: String]
    /// PEM certificate → its validity, notBefore and notAfter in Unix seconds.
    package let certificateValidity: [String: ClosedRange<Double>]
    /// Bare public key PEM (a certificate map's entry that is not a certificate) → RSA modulus.
    package let publicKeyPEMs: [String: String]
    /// x5c entry (base64 DER) → RSA modulus.
    package let chains: [String: String]
    /// "n signature" (modulus and signature in base64url) → the encoded message s^e mod n, k bytes.
    package let encodedMessages: [String: [UInt8]]
    /// Signing input → its SHA-256.
    package let digests: [String: [UInt8]]
    /// "alg n signature" → the signing inputs that signature verifies over, with that key, under that algorithm.
    private let verifiedInputs: [String: Set<String>]

    private init() {
        let url = RepositoryPaths.url("Tests/LoginConformanceTests/Mutants/signed-token-oracle.json")
        let document = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }?.objectValue ?? [:]
        certificates = (document["certificates"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        chains = (document["x5c"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        publicKeyPEMs = (document["publicKeyPEMs"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        certificateValidity = (document["certificateValidity"]?.objectValue ?? [:]).compactMapValues { dates in
            guard let pair = dates.arrayValue, pair.count == 2, let from = pair[0].numberValue, let to = pair[1].numberValue,
                  from <= to else { return nil }
            return from...to
        }
        let verified = (document["verifies"]?.arrayValue ?? []).compactMap { fact -> (key: String, input: String)? in
            guard let object = fact.objectValue, let alg = object["alg"]?.stringValue, let n = object["n"]?.stringValue,
                  let input = object["signingInput"]?.stringValue, let signature = object["signature"]?.stringValue
            else { return nil }
            return ("\(alg) \(n) \(signature)", input)
        }
        verifiedInputs = Dictionary(grouping: verified, by: \.key).mapValues { Set($0.map(\.input)) }
        encodedMessages = Dictionary((document["encodedMessages"]?.arrayValue ?? []).compactMap { entry in
            guard let object = entry.objectValue, let n = object["n"]?.stringValue,
                  let signature = object["signature"]?.stringValue, let em = object["em"]?.stringValue.flatMap(Self.bytes(hex:))
            else { return nil }
            return ("\(n) \(signature)", em)
        }, uniquingKeysWith: { first, _ in first })
        digests = (document["digests"]?.objectValue ?? [:]).compactMapValues { $0.stringValue.flatMap(Self.bytes(hex:)) }
    }

    /// The encoded message s^e mod n the generator recovered for `signature` and the key of modulus `n`.
    package func encodedMessage(signature: [UInt8], n: String) -> [UInt8]? {
        encodedMessages["\(n) \(Base64URL.encode(signature))"]
    }

    /// Bytes of a lower-case hex string.
    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) }
    }

    /// Whether `signature` over `signingInput` verifies with the RSA key of modulus `n` under `algorithm`.
    package func verifies(algorithm: String, signingInput: String, signature: [UInt8], n: String) -> Bool {
        inputs(verifiedBy: Base64URL.encode(signature), n: n, algorithm: algorithm).contains(signingInput)
    }

    /// The signing inputs `signature` (base64url) verifies over with the RSA key of modulus `n` under `algorithm`.
    package func inputs(verifiedBy signature: String, n: String, algorithm: String) -> Set<String> {
        verifiedInputs["\(algorithm) \(n) \(signature)"] ?? []
    }

    package var isLoaded: Bool { !verifiedInputs.isEmpty }
}
