import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension NonceFamily: MutatedFamily { package typealias Mutants = NonceMutants }

/// Mutants of nonce validation (SPECIFICATION.md §1, §8): the whitespace predicates real code reaches for, trimming,
/// decoding, normalising, and limits the rule does not have.
package enum NonceMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable {
        ReferenceNonceValidator(profile: profile)
    }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("nonce.set-of-space-characters", .iosSDK,
               "[characters vs code points] looks for whitespace Characters in a Set<Character>, so a SPACE that a "
               + "combining mark joins into one grapheme is missed (§1: code points)") {
            $0.containsWhitespace = { nonce, isWhitespace in
                nonce.contains { $0.unicodeScalars.count == 1 && isWhitespace($0.unicodeScalars.first!) }
            }
        },
        mutant("nonce.format-characters-are-whitespace", .iosSDK,
               "[almost-right Unicode class] takes every Cf (format) character as whitespace because U+200B is one, "
               + "so U+200C and U+FEFF are refused (§1, D21: only U+200B)") {
            let conformant = $0.isWhitespace
            $0.isWhitespace = { conformant($0) || $0.properties.generalCategory == .format }
        },
        mutant("nonce.zs-without-zero-width-space", .iosSDK,
               "[almost-right Unicode class] takes Zs plus TAB, Unicode's reading of CharacterSet.whitespaces, "
               + "missing the U+200B CoreFoundation adds (D21)") {
            $0.isWhitespace = { scalar in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        },
        mutant("nonce.zs-only-under-documented", .documented,
               "[almost-right Unicode class] takes the Zs category for White_Space, so TAB, LF, NEL and U+2028 pass "
               + "(§1: White_Space is more than Zs)") {
            $0.isWhitespace = { scalar in scalar.properties.generalCategory == .spaceSeparator }
        },
        mutant("nonce.cf-as-whitespace-under-documented", .documented,
               "[almost-right Unicode class] adds Cf to White_Space (Cf versus Zs), so U+200B and U+FEFF are refused "
               + "(§1: U+200B is not White_Space)") {
            $0.isWhitespace = { scalar in
                scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
            }
        },
        mutant("nonce.line-separators-not-whitespace", .documented,
               "[almost-right Unicode class] takes Zs and the ASCII controls TAB-CR for White_Space, missing NEL, "
               + "U+2028 and U+2029 (§1: White_Space)") {
            $0.isWhitespace = { scalar in
                scalar.properties.generalCategory == .spaceSeparator || ("\t"..."\r").contains(scalar)
            }
        },
        mutant("nonce.trims-whitespace", .documented,
               "trims whitespace and newlines before validating, so \" abc\" passes (§1: no trimming)") {
            $0.prepare = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
        mutant("nonce.only-ascii-space", .iosSDK,
               "checks only for U+0020 SPACE, missing TAB and the other Zs characters (§1)") {
            $0.isWhitespace = { scalar in scalar == " " }
        },
        mutant("nonce.newline-is-whitespace-under-ios-sdk", .iosSDK,
               "uses Swift's Character.isWhitespace (Unicode White_Space) while claiming the SDK, which accepts newlines (§8)") {
            $0.isWhitespace = { scalar in scalar.properties.isWhitespace }
        },
        mutant("nonce.newline-accepted-under-documented", .documented,
               "copies the SDK's CharacterSet.whitespaces check while claiming the documented reading, which refuses newlines (§8)") {
            $0.isWhitespace = ReferenceNonceValidator(profile: .iosSDK).isWhitespace
        },
        mutant("nonce.python-isspace", .documented,
               "uses Python's str.isspace, which adds U+001C-U+001F (information separators) to White_Space (§1)") {
            $0.isWhitespace = { scalar in scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value) }
        },
        mutant("nonce.javascript-whitespace", .documented,
               "uses JavaScript's \\s: adds U+FEFF and misses U+0085 NEXT LINE (§1)") {
            $0.isWhitespace = { scalar in
                scalar.value == 0xFEFF || (scalar.properties.isWhitespace && scalar.value != 0x85)
            }
        },
        mutant("nonce.icu-regex-whitespace", .documented,
               "uses an ICU regular expression \\s = [\\t\\n\\f\\r\\p{Z}], which misses VT and NEL (§1, §8)") {
            $0.isWhitespace = { scalar in
                "\t\n\u{0C}\r".unicodeScalars.contains(scalar)
                    || [.spaceSeparator, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
            }
        },
        mutant("nonce.stale-unicode-zs-table", .iosSDK,
               "uses a Unicode table from before 6.3, where U+180E was still Zs (§1; U+200B is in the SDK's set anyway, D21)") {
            let conformant = $0.isWhitespace
            $0.isWhitespace = { conformant($0) || $0.value == 0x200B || $0.value == 0x180E }
        },
        mutant("nonce.no-empty-check", .iosSDK,
               "only looks for whitespace, so the empty nonce passes (§1)") {
            $0.isEmpty = { _ in false }
        },
        mutant("nonce.empty-reported-as-whitespace", .documented,
               "refuses the empty nonce with reason whitespace instead of empty (§1: the right verdict for the wrong reason)") {
            $0.emptyReason = .whitespace
        },
        mutant("nonce.blank-is-empty", .documented,
               "calls a nonce of only whitespace empty (an isBlank check), so \" \" is refused for the wrong reason (§1)") {
            $0.isEmpty = { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        },
        mutant("nonce.alphanumeric-only", .documented,
               "allows only letters and digits, after one doc comment's \"alphanumeric\" (§1: no charset limit)") {
            $0.withinLimits = { $0.unicodeScalars.allSatisfy(CharacterSet.alphanumerics.contains) }
        },
        mutant("nonce.length-limit-1024", .documented,
               "caps the nonce at 1,024 characters (§1: no length limit)") {
            $0.withinLimits = { $0.unicodeScalars.count <= 1024 }
        },
        mutant("nonce.scans-first-1024-characters", .iosSDK,
               "looks for whitespace in the first 1,024 characters only, so a late SPACE passes (§1)") {
            $0.prepare = { String(String.UnicodeScalarView($0.unicodeScalars.prefix(1024))) }
        },
        mutant("nonce.c-string-truncation", .iosSDK,
               "passes the nonce through a C string, so it ends at the first U+0000 (§1: the nonce is all its characters)") {
            $0.prepare = { String(String.UnicodeScalarView($0.unicodeScalars.prefix { $0 != "\0" })) }
        },
        mutant("nonce.nfkc-normalised", .documented,
               "normalises to NFKC first, so U+00A8 DIAERESIS becomes a SPACE and a combining mark (no normalisation)") {
            $0.prepare = { $0.precomposedStringWithCompatibilityMapping }
        },
        mutant("nonce.percent-decoded", .iosSDK,
               "percent-decodes the nonce first, so %20 becomes a SPACE (§1: the characters as given)") {
            $0.prepare = { $0.removingPercentEncoding ?? $0 }
        },
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceNonceValidator) -> Void
    ) -> Mutant {
        var model = ReferenceNonceValidator(profile: profile)
        bug(&model)
        return Mutant(name: name, description: description, family: .nonce, profile: profile, implementation: model)
    }
}
