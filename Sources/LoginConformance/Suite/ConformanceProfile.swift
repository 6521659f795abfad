/// A reading of the behaviour where the documentation and the observed iOS SDK disagree (SPECIFICATION.md §8).
///
/// An implementation claims one profile; it is checked against the vectors that name no profile plus those that
/// name its own. Divergence is data, never a silent choice.
public enum ConformanceProfile: String, CaseIterable, Sendable, Codable, Hashable {
    /// The public Facebook Login documentation, the RFCs and OpenID Connect (the sources SPECIFICATION.md cites).
    case documented
    /// What the public Facebook iOS SDK v18.1.0 actually does.
    case iosSDK = "ios-sdk"
}
