import Foundation

/// One decoded family file: its envelope and its vectors.
struct FamilyFile<Family: VectorFamily>: Decodable {
    let family: String
    let formatVersion: Int
    let description: String
    let reasons: [String: String]
    let vectors: [VectorDocument<Family>]

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(String.self, forKey: .family)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        description = try container.decode(String.self, forKey: .description)
        reasons = try container.decode([String: String].self, forKey: .reasons)
        vectors = try container.decode([VectorDocument<Family>].self, forKey: .vectors)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case family, formatVersion, description, reasons, vectors
    }
}

/// A family file after decoding, its vectors type-erased for the suite.
struct DecodedFamilyFile {
    let family: String
    let formatVersion: Int
    let description: String
    let reasons: [String: String]
    let vectors: [any ConformanceVector]
}

extension VectorFamily {
    /// Decodes a family file of this family.
    static func decodeFile(_ data: Data) throws -> DecodedFamilyFile {
        let file = try JSONDecoder().decode(FamilyFile<Self>.self, from: data)
        return DecodedFamilyFile(
            family: file.family, formatVersion: file.formatVersion, description: file.description,
            reasons: file.reasons, vectors: file.vectors.map(\.vector)
        )
    }
}

extension ConformanceFamily {
    /// The Swift definition of the family.
    var definition: any VectorFamily.Type {
        switch self {
        case .nonce: NonceFamily.self
        case .loginConfiguration: LoginConfigurationFamily.self
        case .loginResult: LoginResultFamily.self
        case .tokenClaims: TokenClaimsFamily.self
        case .signedToken: SignedTokenFamily.self
        case .codeVerifier: CodeVerifierFamily.self
        case .codeChallenge: CodeChallengeFamily.self
        case .loginRequest: LoginRequestFamily.self
        case .profile: ProfileFamily.self
        case .accessToken: AccessTokenFamily.self
        case .tokenChange: TokenChangeFamily.self
        case .graphError: GraphErrorFamily.self
        }
    }
}
