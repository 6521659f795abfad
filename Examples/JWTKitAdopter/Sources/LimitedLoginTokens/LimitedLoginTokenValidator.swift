import Foundation
import JWTKit

/// Validates a Facebook Limited Login id_token on a server, with vapor/jwt-kit for the RS256 signature.
///
/// jwt-kit verifies the signature with the key the token's `kid` names. Everything jwt-kit's defaults leave open for
/// Limited Login is checked here first (see the README beside Package.swift for why each check is needed):
/// exactly three strictly base64url segments, strict JSON (no duplicate members, UTF-8), `alg` exactly RS256 (jwt-kit
/// verifies with the key's algorithm and never compares the header's `alg`), `typ` exactly JWT, a `kid` that names a
/// published key (jwt-kit falls back to its first key for an unknown kid), no unknown `crit`, and afterwards every
/// claim, `iat` included (jwt-kit has no `iat` check) against the caller's `now`.
public struct LimitedLoginTokenValidator: Sendable {
    /// Where the public keys come from.
    public enum KeySource: Sendable {
        /// The JWKS document (https://limited.facebook.com/.well-known/oauth/openid/jwks/).
        case jwks(String)
        /// The certificate map kid → PEM X.509 certificate (https://m.facebook.com/.well-known/oauth/openid/certs/),
        /// as the iOS SDK reads it; entries that are not certificates are ignored.
        case certificates([String: String])
    }

    /// The issuers accepted.
    public enum IssuerPolicy: Sendable {
        /// Exactly https://www.facebook.com or https://limited.facebook.com (the documentation).
        case documented
        /// Any URL whose host is facebook.com or ends with .facebook.com (what the iOS SDK accepts).
        case anyFacebookHost
    }

    public let keys: KeySource
    public let appID: String
    public let issuers: IssuerPolicy
    /// Whether an unknown `crit` header is refused (RFC 7515 §4.1.11). Default: yes.
    public let refusesUnknownCritical: Bool

    public init(keys: KeySource, appID: String, issuers: IssuerPolicy = .documented, refusesUnknownCritical: Bool = true) {
        self.keys = keys
        self.appID = appID
        self.issuers = issuers
        self.refusesUnknownCritical = refusesUnknownCritical
    }

    /// The claims of a valid token, or the reason it is refused.
    public func validate(_ token: String, expectedNonce: String, now: Date) async throws(LimitedLoginTokenError) -> LimitedLoginClaims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed }
        // Strict RFC 7515 base64url: jwt-kit's decoder is not the judge of padding or trailing bits.
        guard let headerBytes = StrictBase64URL.decode(parts[0]), let payloadBytes = StrictBase64URL.decode(parts[1]),
              StrictBase64URL.decode(parts[2]) != nil else {
            throw .badBase64url
        }
        guard case .object(let header)? = StrictJSON.parse(headerBytes),
              case .object(let payload)? = StrictJSON.parse(payloadBytes) else { throw .badJSON }

        guard case .string("RS256")? = header["alg"] else { throw .headerAlgorithm }
        guard case .string("JWT")? = header["typ"] else { throw .headerType }
        guard case .string(let kid)? = header["kid"], !kid.isEmpty else { throw .headerKeyID }
        if refusesUnknownCritical, header["crit"] != nil { throw .headerCritical }  // no extension is understood

        // jwt-kit picks its default (first) key when kid names none: look the kid up ourselves first.
        let collection = JWTKeyCollection()
        let (published, loaded) = await load(into: collection)
        guard published.contains(where: { $0.utf8.elementsEqual(kid.utf8) }) else { throw .unknownKeyID }
        // A published key jwt-kit could not load (under 2048 bits) must not fall back to the default key either.
        guard loaded.contains(where: { $0.utf8.elementsEqual(kid.utf8) }) else { throw .signatureInvalid }

        // jwt-kit: the RS256 signature by the key kid names.
        do {
            _ = try await collection.verify(token, as: UncheckedPayload.self)
        } catch {
            throw .signatureInvalid
        }
        return try LimitedLoginClaims.validate(payload, appID: appID, expectedNonce: expectedNonce, issuers: issuers,
                                               now: now.timeIntervalSince1970)
    }

    /// Whether `text` is base64url without padding: its 64 characters only, and not a length no bytes make.
    static func isBase64URL(_ text: String) -> Bool {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        return !text.isEmpty && text.utf8.count % 4 != 1 && text.utf8.allSatisfy(alphabet.contains)
    }

    /// Adds the RSA keys of the key source to `collection`; returns every kid the source publishes (a key jwt-kit
    /// cannot load — swift-crypto refuses RSA keys under 2048 bits — is still published, and verifies nothing).
    private func load(into collection: JWTKeyCollection) async -> (published: [String], loaded: [String]) {
        var kids: [String] = [], loaded: [String] = []
        switch keys {
        case .jwks(let json):
            guard let jwks = try? JSONDecoder().decode(LenientJWKS.self, from: Data(json.utf8)) else { return ([], []) }
            for entry in jwks.keys {
                // A key whose use, key_ops or alg rule out verifying RS256 is not a key for this token
                // (OpenID Connect Core §10.1, RFC 8725 §3.1; DECISIONS.md D33).
                // An RSA JWK needs n and e, each base64url (RFC 7518 §6.3.1, RFC 7515 §2); one without them is no
                // key at all (unknownKeyID), not a published key that fails to verify (DECISIONS.md D63).
                guard let jwk = entry.jwk, jwk.keyType == .rsa, let kid = jwk.keyIdentifier?.string,
                      entry.usage?.allowsRS256Verification == true,
                      [jwk.modulus, jwk.exponent].allSatisfy({ $0.map(Self.isBase64URL) == true }) else { continue }
                kids.append(kid)
                if (try? await collection.add(jwk: jwk)) != nil, (try? await collection.getKey(for: jwk.keyIdentifier, alg: "RS256")) != nil {
                    loaded.append(kid)
                }
            }
        case .certificates(let map):
            for (kid, pem) in map where pem.hasPrefix("-----BEGIN CERTIFICATE-----") {
                kids.append(kid)
                if let key = try? Insecure.RSA.PublicKey(certificatePEM: pem) {
                    await collection.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
                    loaded.append(kid)
                }
            }
        }
        // A kid two keys share names no one key (DECISIONS.md D34): never one of them by position.
        let shared = Set(kids.filter { kid in kids.filter { $0.utf8.elementsEqual(kid.utf8) }.count > 1 })
        return (kids.filter { !shared.contains($0) }, loaded)
    }
}

/// Why a token is refused.
public enum LimitedLoginTokenError: Error, Sendable, Hashable {
    case malformed, badBase64url, badJSON, headerAlgorithm, headerType, headerKeyID, headerCritical, unknownKeyID
    case signatureInvalid
    case missingClaim(String), wrongClaimType(String), emptyClaim(String)
    case issuer, audience, expired, issuedTooLongAgo, nonceMismatch
}

/// jwt-kit needs a payload type; the claims are checked afterwards against the caller's `now`, so nothing here.
struct UncheckedPayload: JWTPayload {
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// A JWKS whose entries jwt-kit may not all understand (EC, oct): each entry decoded on its own.
struct LenientJWKS: Decodable {
    struct Entry: Decodable {
        let jwk: JWK?
        /// The members that say what the key is for; `nil` when one of them has the wrong JSON type.
        let usage: Usage?
        init(from decoder: any Decoder) throws {
            jwk = try? JWK(from: decoder)
            usage = try? Usage(from: decoder)
        }
    }

    /// A JWK's `use`, `key_ops` and `alg` (RFC 7517 §4.2-§4.4), each optional.
    struct Usage: Decodable {
        let use: String?
        let keyOperations: [String]?
        let algorithm: String?

        enum CodingKeys: String, CodingKey {
            case use, keyOperations = "key_ops", algorithm = "alg"
        }

        /// `use` absent or sig, `key_ops` absent or holding verify, `alg` absent or RS256.
        var allowsRS256Verification: Bool {
            (use == nil || use == "sig") && (keyOperations?.contains("verify") ?? true)
                && (algorithm == nil || algorithm == "RS256")
        }
    }

    let keys: [Entry]
}
