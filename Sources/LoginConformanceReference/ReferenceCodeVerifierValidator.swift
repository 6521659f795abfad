import Foundation
import LoginConformance

/// Code verifier validation (SPECIFICATION.md §1 item 4, §8; RFC 7636 §4.1).
public struct ReferenceCodeVerifierValidator: CodeVerifierValidating, Sendable {
    /// The reading of "alphanumeric" it follows.
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    public init(profile: ConformanceProfile) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    /// 43…128 characters (code points: nothing trimmed, nothing decoded), each unreserved: RFC 7636's ASCII
    /// letters and digits (documented) or Foundation's `CharacterSet.alphanumerics` as the SDK tests them (ios-sdk),
    /// plus `- . _ ~`.
    public func validateCodeVerifier(_ verifier: String) -> CodeVerifierVerdict {
        let scalars = verifier.unicodeScalars
        guard (43...128).contains(scalars.count) else { return .invalid(.length) }
        guard scalars.allSatisfy(isAllowed) else { return .invalid(.characters) }
        return .valid
    }

    private func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        reading.isVerifierCharacter(scalar)
    }
}

extension ReferenceImplementation: CodeVerifierValidating {
    public func validateCodeVerifier(_ verifier: String) -> CodeVerifierVerdict {
        ReferenceCodeVerifierValidator(profile: profile).validateCodeVerifier(verifier)
    }
}
