import Foundation
import LoginConformance
import LoginConformanceTestSupport

extension CodeChallengeFamily: MutatedFamily { package typealias Mutants = ChallengeMutants }

/// Mutants of the S256 code challenge (SPECIFICATION.md §1 item 4; RFC 7636 §4.2): the wrong alphabet or padding, a hex
/// digest, the plain method, and hashing other bytes than the verifier's ASCII.
package enum ChallengeMutants: MutantCatalogue {
    /// The conformant model the mutants break, for `profile` (the challenge is the same in both readings).
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { ChallengeModel() }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("challenge.hashes-c-string", .iosSDK,
               "[characters vs bytes] hashes the verifier's utf8CString, whose terminating NUL is hashed too (§1: the "
               + "verifier's ASCII bytes, nothing added)") {
            $0.bytes = { verifier in verifier.utf8CString.map { UInt8(bitPattern: $0) } }
        },
        mutant("challenge.lower-cases-verifier", .documented,
               "[case-folded comparison] lower-cases the verifier before hashing, as a case-insensitive store would "
               + "(§1: the verifier's bytes as given)") {
            $0.bytes = { Array($0.lowercased().utf8) }
        },
        mutant("challenge.lower-cases-challenge", .iosSDK,
               "[case-folded comparison] lower-cases the encoded challenge (§1: base64url is case-sensitive)") {
            $0.encode = { ChallengeModel.base64URL($0).lowercased() }
        },
        mutant("challenge.hashes-first-43-characters", .documented,
               "[prefix comparison] hashes only the first 43 characters, the shortest verifier's length (§1: the whole verifier, "
               + "up to 128)") {
            $0.bytes = { Array($0.utf8.prefix(43)) }
        },
        mutant("challenge.swapped-url-safe-characters", .iosSDK,
               "[almost-right table] maps + to _ and / to -, the two URL-safe characters swapped (§1, RFC 4648 §5: "
               + "62 is -, 63 is _)") {
            $0.encode = {
                ChallengeModel.standardBase64($0).replacingOccurrences(of: "+", with: "_")
                    .replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "=", with: "")
            }
        },
        mutant("challenge.plain-method", .iosSDK,
               "sends the verifier itself, the plain method, instead of its S256 challenge (§2: S256)") {
            $0.hashes = false
            $0.encode = { String(decoding: $0, as: UTF8.self) }
        },
        mutant("challenge.base64url-of-verifier", .documented,
               "base64url-encodes the verifier and forgets to hash it (§1: SHA-256 first)") {
            $0.hashes = false
        },
        mutant("challenge.hex-digest", .documented,
               "sends the SHA-256 digest in lower-case hex, as sha256sum prints it (§1: base64url)") {
            $0.encode = { DigestOracle.hex($0) }
        },
        mutant("challenge.standard-base64", .iosSDK,
               "encodes the digest with standard base64 (+ and /), padding removed (§1: base64url)") {
            $0.encode = { ChallengeModel.standardBase64($0).replacingOccurrences(of: "=", with: "") }
        },
        mutant("challenge.keeps-padding", .documented,
               "uses base64url but keeps the = padding, 44 characters (§1: without padding)") {
            $0.encode = { ChallengeModel.standardBase64($0).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_") }
        },
        mutant("challenge.forgets-slash", .iosSDK,
               "translates + to - but leaves / instead of _ (§1: base64url)") {
            $0.encode = { ChallengeModel.standardBase64($0).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "=", with: "") }
        },
        mutant("challenge.forgets-plus", .documented,
               "translates / to _ but leaves + instead of - (§1: base64url)") {
            $0.encode = { ChallengeModel.standardBase64($0).replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "") }
        },
        mutant("challenge.hashes-utf16", .iosSDK,
               "hashes the verifier's UTF-16LE code units, as a String's in-memory form in some runtimes (§1: ASCII bytes)") {
            $0.bytes = { verifier in verifier.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        },
        mutant("challenge.hashes-trailing-newline", .documented,
               "hashes the verifier with a trailing LF, as `echo verifier | sha256sum` does (§1: the verifier's bytes)") {
            $0.bytes = { Array($0.utf8) + [0x0A] }
        },
        mutant("challenge.decodes-verifier", .iosSDK,
               "base64url-decodes the verifier before hashing when it decodes, as if it were the random octets (§1)") {
            $0.bytes = { verifier in
                var text = verifier.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                text += String(repeating: "=", count: (4 - text.count % 4) % 4)
                return Data(base64Encoded: text).map(Array.init) ?? Array(verifier.utf8)
            }
        },
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ChallengeModel) -> Void
    ) -> Mutant {
        var model = ChallengeModel()
        bug(&model)
        return Mutant(name: name, description: description, family: .codeChallenge, profile: profile, implementation: model)
    }
}
