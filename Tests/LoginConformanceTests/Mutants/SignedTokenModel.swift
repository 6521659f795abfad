import Foundation
import LoginConformance
import LoginConformanceReference  // TokenClaimsRejection: Error

/// Full signed-token validation (SPECIFICATION.md §4, §8) written as mutation sites. Unmutated it conforms to the profile
/// it claims (``MutationTests`` checks that).
///
/// The root package has no cryptography and hand-rolls none, so the model does not compute RSA: it decides "does
/// this signature verify with this key under this algorithm" by looking the combination up in
/// `signed-token-oracle.json`, which the generator computes with Python's `cryptography` for every vector (and every
/// key the vector's key material or header holds). Everything around the signature — segments, base64url, JSON,
/// the header rules, the key chosen by `kid`, which algorithm is used, the claims — is real Swift code here, and
/// that is where the mutants put their bugs. jwt-kit's own behaviour is checked in Examples/JWTKitAdopter.
struct SignedTokenModel: SignedTokenValidating, Sendable {
    typealias Reason = SignedTokenRejection.Reason

    /// The profile it claims.
    let profile: ConformanceProfile
    /// The header and claim rules (token-claims), used after the signature.
    var claims: ClaimsModel
    /// The token's segments. Conformant: split at every dot, empty segments kept.
    var segments: @Sendable (String) -> [Substring]? = { token in
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 ? parts : nil
    }
    /// A segment's bytes. Conformant: strict RFC 7515 base64url (documented), the SDK's lenient reading (ios-sdk).
    var decode: @Sendable (Substring, ConformanceProfile) -> [UInt8]? = { segment, profile in
        Base64URL.decode(segment, lenient: profile == .iosSDK)
    }
    /// The JSON object a decoded segment holds. Conformant: UTF-8 validated, strict RFC 8259, no duplicate members.
    var parse: @Sendable ([UInt8]) -> JSONValue? = { bytes in
        String(validating: bytes, as: UTF8.self).flatMap(JSONValue.parse)
    }
    /// The algorithms a signature may use, by the header's alg. Conformant: RS256 only (headerAlgorithm otherwise).
    var algorithm: @Sendable (JSONValue?) -> SignatureCheck? = { $0?.stringValue == "RS256" ? .verify("RS256") : nil }
    /// Whether the header's `typ` is accepted. Conformant: exactly JWT.
    var typeAccepted: @Sendable (JSONValue?) -> Bool = { $0?.stringValue == "JWT" }
    /// The kid the key is looked up by; `nil` is headerKeyID. Conformant: a non-empty string.
    var keyID: @Sendable (JSONValue?, _ published: [String: String]) -> String? = { value, _ in
        value?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// Whether a `crit` header is accepted. Conformant: documented refuses any crit (no extension is understood),
    /// ios-sdk ignores it.
    var critAccepted: @Sendable (JSONValue?, ConformanceProfile) -> Bool = { crit, profile in
        crit == nil || profile == .iosSDK
    }
    /// The published keys, kid → RSA modulus. Conformant: the profile's key source only.
    var publishedKeys: @Sendable (SignedTokenKeys, ConformanceProfile) -> [String: String] = { keys, profile in
        profile == .documented ? SignedTokenModel.jwksKeys(keys) : SignedTokenModel.certificateKeys(keys)
    }
    /// The keys tried for a kid, in order. Conformant: exactly the key the kid names, nothing else.
    var candidateKeys: @Sendable (_ kid: String, _ published: [String: String], _ header: [String: JSONValue]) -> [String] = {
        kid, published, _ in published[kid].map { [$0] } ?? []
    }
    /// Whether verification is skipped for this signature segment. Conformant: never.
    var skipsVerification: @Sendable (Substring) -> Bool = { _ in false }
    /// Whether the claims are checked once the signature verifies. Conformant: yes.
    var checksClaims = true

    /// How a header's algorithm is checked.
    enum SignatureCheck: Sendable {
        /// Verify with one of these algorithms (oracle names: RS256, RS384, RS512, PS256, HS256).
        case verifyWith([String])
        /// No signature check at all (an unsigned token).
        case unsigned

        static func verify(_ algorithms: String...) -> SignatureCheck { .verifyWith(algorithms) }
    }

    init(profile: ConformanceProfile) {
        self.profile = profile
        self.claims = ClaimsModel(profile: profile)
    }

    func validateSignedToken(_ input: SignedTokenInput) -> SignedTokenOutcome {
        guard let parts = segments(input.token) else { return .rejected(SignedTokenRejection(.malformed)) }
        guard let headerBytes = decode(parts[0], profile), let payloadBytes = decode(parts[1], profile),
              let signature = decode(parts[2], profile)
        else { return .rejected(SignedTokenRejection(.badBase64url)) }
        guard let header = parse(headerBytes)?.objectValue, let payload = parse(payloadBytes)?.objectValue else {
            return .rejected(SignedTokenRejection(.badJSON))
        }
        guard let check = algorithm(header["alg"]) else { return .rejected(SignedTokenRejection(.headerAlgorithm)) }
        guard typeAccepted(header["typ"]) else { return .rejected(SignedTokenRejection(.headerType)) }
        let published = publishedKeys(input.keys, profile)
        guard let kid = keyID(header["kid"], published) else { return .rejected(SignedTokenRejection(.headerKeyID)) }
        guard critAccepted(header["crit"], profile) else { return .rejected(SignedTokenRejection(.headerCritical)) }
        if case .verifyWith(let algorithms) = check, !skipsVerification(parts[2]) {
            let candidates = candidateKeys(kid, published, header)
            guard !candidates.isEmpty else { return .rejected(SignedTokenRejection(.unknownKeyID)) }
            let signingInput = "\(parts[0]).\(parts[1])"
            let verified = candidates.contains { n in
                algorithms.contains { SignatureOracle.shared.verifies(algorithm: $0, signingInput: signingInput, signature: signature, n: n) }
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
            if !checksClaims, let lenient = ClaimsModel.keepWithoutChecks(payload) { return .accepted(lenient) }
            return .rejected(SignedTokenRejection(rejection))
        }
    }

    /// kid → modulus of the JWKS's RSA keys.
    static func jwksKeys(_ keys: SignedTokenKeys) -> [String: String] {
        var out: [String: String] = [:]
        for entry in keys.jwks.objectValue?["keys"]?.arrayValue ?? [] {
            guard let key = entry.objectValue, key["kty"]?.stringValue == "RSA", let kid = key["kid"]?.stringValue,
                  let n = key["n"]?.stringValue else { continue }
            out[kid] = n
        }
        return out
    }

    /// kid → modulus of the certificate map's certificates (the oracle knows each certificate's modulus). The SDK
    /// casts the whole map `as? [String: String]`, so one entry that is not a string leaves no key at all
    /// (Vectors/DECISIONS.md D13); string entries that are not certificates are ignored.
    static func certificateKeys(_ keys: SignedTokenKeys) -> [String: String] {
        guard (keys.certificates.objectValue ?? [:]).values.allSatisfy({ $0.stringValue != nil }) else { return [:] }
        return certificateKeysSkippingNonStrings(keys)
    }

    /// The certificate map's certificates, skipping entries that are not strings (what a careful reader of the map
    /// does, but not the SDK).
    static func certificateKeysSkippingNonStrings(_ keys: SignedTokenKeys) -> [String: String] {
        keys.certificatesByKeyID.compactMapValues { SignatureOracle.shared.certificates[$0] }
    }
}

extension JSONValue {
    /// JSON text of a parsed payload for the claims model (numbers as Swift prints doubles, which JSONValue.parse
    /// reads back to the same values).
    var renderedForClaims: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data("null".utf8), as: UTF8.self)
    }
}

extension ClaimsModel {
    /// The required claims kept without any check (for the mutant that trusts a verified token's claims).
    static func keepWithoutChecks(_ payload: [String: JSONValue]) -> TokenClaims? {
        let string = { (name: String) in payload[name]?.stringValue ?? "" }
        let number = { (name: String) in payload[name]?.numberValue ?? 0 }
        return TokenClaims(jti: string("jti"), iss: string("iss"), aud: string("aud"), exp: number("exp"),
                           iat: number("iat"), nonce: string("nonce"), sub: string("sub"))
    }
}

/// base64url decoding: strict (RFC 7515 §2: the URL alphabet, no padding, no other characters, canonical trailing
/// bits) or the SDK's lenient reading (- and _ as + and /, unknown characters ignored, trailing bits ignored).
enum Base64URL {
    static func decode(_ text: Substring, lenient: Bool, ignoreTrailingBits: Bool = false) -> [UInt8]? {
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

    static func encode(_ bytes: [UInt8]) -> String {
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
final class SignatureOracle: Sendable {
    static let shared = SignatureOracle()

    /// PEM certificate → RSA modulus (base64url).
    let certificates: [String: String]
    /// x5c entry (base64 DER) → RSA modulus.
    let chains: [String: String]
    private let facts: Set<String>

    private init() {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("signed-token-oracle.json")
        let document = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }?.objectValue ?? [:]
        certificates = (document["certificates"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        chains = (document["x5c"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        facts = Set((document["verifies"]?.arrayValue ?? []).compactMap { fact in
            guard let object = fact.objectValue, let alg = object["alg"]?.stringValue, let n = object["n"]?.stringValue,
                  let input = object["signingInput"]?.stringValue, let signature = object["signature"]?.stringValue
            else { return nil }
            return "\(alg) \(n) \(input) \(signature)"
        })
    }

    /// Whether `signature` over `signingInput` verifies with the RSA key of modulus `n` under `algorithm`.
    func verifies(algorithm: String, signingInput: String, signature: [UInt8], n: String) -> Bool {
        facts.contains("\(algorithm) \(n) \(signingInput) \(Base64URL.encode(signature))")
    }

    var isLoaded: Bool { !facts.isEmpty }
}
