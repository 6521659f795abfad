import Foundation
import LoginConformance

/// Code verifier validation (SPECIFICATION.md §1 item 4, §8; RFC 7636 §4.1).
///
/// Each step of the rule is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rule is written once, here.
public struct ReferenceCodeVerifierValidator: CodeVerifierValidating, Sendable {
    /// The reading of "alphanumeric" it follows.
    public let profile: ConformanceProfile

    /// What the checks see: the verifier as given, with no trimming, decoding or normalisation.
    package var prepare: @Sendable (String) -> String = { $0 }
    /// The length: in characters, code points (the vectors never tell them from graphemes).
    package var length: @Sendable (String) -> Int = { $0.unicodeScalars.count }
    /// Whether a length is allowed: 43…128.
    package var lengthAllowed: @Sendable (Int) -> Bool = { (43...128).contains($0) }
    /// The reason given for a length outside the range.
    package var lengthReason: CodeVerifierVerdict.Reason = .length
    /// Whether a code point is allowed: unreserved, RFC 7636's ASCII letters and digits (documented) or Foundation's
    /// `CharacterSet.alphanumerics` as the SDK tests them (ios-sdk), plus `- . _ ~` (`ReferenceReading`).
    package var isAllowed: @Sendable (Unicode.Scalar) -> Bool
    /// Whether the characters are checked before the length: no, the length first (the SDK's order, DECISIONS.md D49).
    package var checksCharactersFirst = false
    /// The code points whose characters are checked: all of them.
    package var checkedScalars: @Sendable (String) -> [Unicode.Scalar] = { Array($0.unicodeScalars) }

    public init(profile: ConformanceProfile) {
        self.profile = profile
        let reading = ReferenceReading.of(profile)
        isAllowed = { reading.isVerifierCharacter($0) }
    }

    public func validateCodeVerifier(_ verifier: String) -> CodeVerifierVerdict {
        let seen = prepare(verifier)
        let charactersAllowed = checkedScalars(seen).allSatisfy(isAllowed)
        if checksCharactersFirst, !charactersAllowed { return .invalid(.characters) }
        guard lengthAllowed(length(seen)) else { return .invalid(lengthReason) }
        guard charactersAllowed else { return .invalid(.characters) }
        return .valid
    }
}

extension ReferenceImplementation: CodeVerifierValidating {
    public func validateCodeVerifier(_ verifier: String) -> CodeVerifierVerdict {
        ReferenceCodeVerifierValidator(profile: profile).validateCodeVerifier(verifier)
    }
}
