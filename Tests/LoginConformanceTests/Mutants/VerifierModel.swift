import Foundation
import LoginConformance
import LoginConformanceTestSupport

/// Code verifier validation (SPECIFICATION.md §1 item 4, §8; RFC 7636 §4.1) written as mutation sites. Unmutated it
/// conforms to the profile it claims (``MutationTests`` checks that), so whatever kills a mutant is the one site it
/// changes.
struct VerifierModel: CodeVerifierValidating, Sendable {
    /// The profile it claims.
    let profile: ConformanceProfile
    /// What the checks see. Conformant: the verifier as given (no trimming, decoding or normalisation).
    var prepare: @Sendable (String) -> String = { $0 }
    /// The length. Conformant: characters (code points; the vectors never tell them from graphemes).
    var length: @Sendable (String) -> Int = { $0.unicodeScalars.count }
    /// Whether a length is allowed. Conformant: 43…128.
    var lengthAllowed: @Sendable (Int) -> Bool = { (43...128).contains($0) }
    /// The reason given for a length outside the range.
    var lengthReason: CodeVerifierVerdict.Reason = .length
    /// Whether a code point is allowed in `profile`'s reading.
    var isAllowed: @Sendable (Unicode.Scalar, ConformanceProfile) -> Bool = VerifierModel.allowed
    /// Whether the characters are checked before the length. Conformant: no, the length first (the SDK's order, D49).
    var checksCharactersFirst = false
    /// The code points whose characters are checked. Conformant: all of them.
    var checkedScalars: @Sendable (String) -> [Unicode.Scalar] = { Array($0.unicodeScalars) }

    init(profile: ConformanceProfile) {
        self.profile = profile
    }

    func validateCodeVerifier(_ verifier: String) -> CodeVerifierVerdict {
        let seen = prepare(verifier)
        let charactersAllowed = checkedScalars(seen).allSatisfy { isAllowed($0, profile) }
        if checksCharactersFirst, !charactersAllowed { return .invalid(.characters) }
        guard lengthAllowed(length(seen)) else { return .invalid(lengthReason) }
        guard charactersAllowed else { return .invalid(.characters) }
        return .valid
    }

    /// RFC 7636 unreserved ASCII (documented); the SDK's CharacterSet.alphanumerics adds letters (L*), marks (M*)
    /// and numbers (N*) of any script (ios-sdk, DECISIONS.md D23).
    static func allowed(_ scalar: Unicode.Scalar, _ profile: ConformanceProfile) -> Bool {
        if asciiUnreserved(scalar) { return true }
        guard profile == .iosSDK else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    static func asciiUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~".unicodeScalars.contains(scalar)
    }
}
