import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension CodeVerifierFamily: MutatedFamily { package typealias Mutants = VerifierMutants }

/// Mutants of code verifier validation (SPECIFICATION.md §1 item 4, §8): off-by-one lengths, byte counts, trimming,
/// decoding and normalising first, the base64 alphabets real code confuses with the unreserved set, and the profile
/// split on non-ASCII letters and digits.
package enum VerifierMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable {
        ReferenceCodeVerifierValidator(profile: profile)
    }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("verifier.letters-and-decimal-digits-under-ios-sdk", .iosSDK,
               "[almost-right Unicode class] takes CharacterSet.letters ∪ decimalDigits for alphanumerics, so marks "
               + "and Nl / No numbers are refused (D23: L*, M*, N*)") {
            let asciiUnreserved = ReferenceCodeVerifierValidator(profile: .documented).isAllowed
            $0.isAllowed = { scalar in
                if asciiUnreserved(scalar) { return true }
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber: return true
                default: return false
                }
            }
        },
        mutant("verifier.decimal-numbers-only-under-ios-sdk", .iosSDK,
               "[almost-right Unicode class] takes Nd for the numbers of alphanumerics, so Nl and No are refused "
               + "(D23: every N*)") {
            let conformant = $0.isAllowed
            $0.isAllowed = { scalar in
                let category = scalar.properties.generalCategory
                if category == .letterNumber || category == .otherNumber { return false }
                return conformant(scalar)
            }
        },
        mutant("verifier.checks-first-43-characters", .documented,
               "[prefix comparison] checks the characters of the first 43 code points only, the shortest verifier (§1: every "
               + "character)") {
            $0.checkedScalars = { Array($0.unicodeScalars.prefix(43)) }
        },
        mutant("verifier.characters-checked-before-length", .iosSDK,
               "[check order] checks the characters before the length, so a short verifier with a + is refused for "
               + "its characters (D49: the SDK checks the length first)") {
            $0.checksCharactersFirst = true
        },
        mutant("verifier.min-length-42", .documented,
               "accepts 42 characters, an off-by-one lower bound (§1: 43…128)") {
            $0.lengthAllowed = { (42...128).contains($0) }
        },
        mutant("verifier.max-length-exclusive", .iosSDK,
               "uses the half-open range 43..<128, so the maximum, 128 characters, is refused (§1)") {
            $0.lengthAllowed = { (43..<128).contains($0) }
        },
        mutant("verifier.no-max-length", .documented,
               "checks only the minimum length, so 129 characters and more pass (§1: at most 128)") {
            $0.lengthAllowed = { $0 >= 43 }
        },
        mutant("verifier.counts-utf8-bytes", .iosSDK,
               "counts UTF-8 bytes, so 43 CJK ideographs (129 bytes) are refused as too long (§1: characters)") {
            $0.length = { $0.utf8.count }
        },
        mutant("verifier.every-refusal-is-characters", .documented,
               "reports a bad length as a bad character, as an adapter over a yes/no check does (§1: reason length)") {
            $0.lengthReason = .characters
        },
        mutant("verifier.trims-whitespace", .documented,
               "trims whitespace and newlines first, so a leading or trailing SPACE passes (§1: no trimming)") {
            $0.prepare = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
        mutant("verifier.regex-end-before-newline", .iosSDK,
               "matches ^[A-Za-z0-9._~-]{43,128}$ where $ also matches before a final LF (Python, PCRE), so a trailing LF passes (§1)") {
            $0.prepare = { text in
                text.unicodeScalars.last == "\n" ? String(String.UnicodeScalarView(text.unicodeScalars.dropLast())) : text
            }
        },
        mutant("verifier.c-string-truncation", .iosSDK,
               "passes the verifier through a C string, which ends at the first NUL (§1: every character counts)") {
            $0.prepare = { String(String.UnicodeScalarView($0.unicodeScalars.prefix { $0 != "\0" })) }
        },
        mutant("verifier.percent-decoded", .documented,
               "percent-decodes first, so %7E counts as ~ (§1: the characters as given)") {
            $0.prepare = { $0.removingPercentEncoding ?? $0 }
        },
        mutant("verifier.nfkc-normalised", .documented,
               "normalises to NFKC first, so KELVIN SIGN becomes the ASCII K (RFC 7636: ASCII only)") {
            $0.prepare = { $0.precomposedStringWithCompatibilityMapping }
        },
        mutant("verifier.base64-alphabet", .documented,
               "allows the standard base64 characters + / = as well (§1: only A-Z a-z 0-9 - . _ ~)") {
            let conformant = $0.isAllowed
            $0.isAllowed = { scalar in conformant(scalar) || "+/=".unicodeScalars.contains(scalar) }
        },
        mutant("verifier.base64url-alphabet-only", .iosSDK,
               "allows only the base64url alphabet A-Z a-z 0-9 - _, refusing . and ~ (§1)") {
            let conformant = $0.isAllowed
            $0.isAllowed = { scalar in conformant(scalar) && scalar != "." && scalar != "~" }
        },
        mutant("verifier.forgets-tilde", .documented,
               "spells the unreserved punctuation as -._ and forgets ~ (§1)") {
            let conformant = $0.isAllowed
            $0.isAllowed = { scalar in conformant(scalar) && scalar != "~" }
        },
        mutant("verifier.unicode-alphanumerics-under-documented", .documented,
               "uses Foundation's CharacterSet.alphanumerics while claiming RFC 7636, so é is accepted (§1, §8)") {
            $0.isAllowed = ReferenceCodeVerifierValidator(profile: .iosSDK).isAllowed
        },
        mutant("verifier.ascii-only-under-ios-sdk", .iosSDK,
               "accepts only ASCII letters and digits while claiming the SDK, which accepts Unicode alphanumerics (§1, §8)") {
            $0.isAllowed = ReferenceCodeVerifierValidator(profile: .documented).isAllowed
        },
        mutant("verifier.any-non-ascii-under-ios-sdk", .iosSDK,
               "checks ASCII characters only and lets every non-ASCII one through, symbols and spaces included (§1)") {
            let conformant = $0.isAllowed
            $0.isAllowed = { scalar in !scalar.isASCII || conformant(scalar) }
        },
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceCodeVerifierValidator) -> Void
    ) -> Mutant {
        var model = ReferenceCodeVerifierValidator(profile: profile)
        bug(&model)
        return Mutant(name: name, description: description, family: .codeVerifier, profile: profile, implementation: model)
    }
}
