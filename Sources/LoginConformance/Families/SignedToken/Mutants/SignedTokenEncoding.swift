/// RSASSA-PKCS1-v1_5 verification with SHA-256 (RFC 8017 §8.2.2, §9.2) on what the oracle recovered, written as the
/// checks a verifier makes, so mutants can get each one wrong. No cryptography: `signed-token-oracle.json` holds, per
/// signature and modulus, the encoded message EM = s^e mod n, and per signing input its SHA-256 (computed by the
/// generator with Python); these checks compare bytes only.
package enum SignedTokenEncoding {
    /// The DER DigestInfo prefix of SHA-256 (RFC 8017 §9.2 note 1): SEQUENCE { SEQUENCE { id-sha256, NULL },
    /// OCTET STRING (32 bytes) }.
    package static let digestInfoSHA256: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
    ]
    /// The OIDs (DER, with tag and length) a careless verifier also takes for SHA-256's: SHA-384 and SHA-512.
    package static let otherSHA2OIDs: [[UInt8]] = [
        [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02],
        [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03],
    ]

    /// EMSA-PKCS1-v1_5(H) for a k-byte modulus: 00 01 FF…FF 00 DigestInfo(SHA-256) H (RFC 8017 §9.2 step 5).
    package static func encoded(digest: [UInt8], length k: Int) -> [UInt8] {
        let t = digestInfoSHA256 + digest
        guard k >= t.count + 11 else { return [] }
        return [0x00, 0x01] + Array(repeating: 0xFF, count: k - t.count - 3) + [0x00] + t
    }

    /// The conformant check: EM is exactly the encoding of the digest (RFC 8017 §8.2.2 step 4: compare EM with EM').
    package static func exact(_ em: [UInt8], _ digest: [UInt8]) -> Bool {
        em == encoded(digest: digest, length: em.count)
    }

    /// The conformant signature representative check: exactly k bytes (§8.2.2 step 1) and s < n (§5.2.2); both
    /// big-endian, so same-length byte arrays compare lexicographically.
    package static func representativeInRange(_ signature: [UInt8], _ modulus: [UInt8]) -> Bool {
        signature.count == modulus.count && signature.lexicographicallyPrecedes(modulus)
    }

    /// The modulus bytes of a base64url modulus (leading zero bytes dropped, as an integer's minimal encoding).
    package static func modulusBytes(_ n: String) -> [UInt8] {
        Array((Base64URL.decode(Substring(n), lenient: true) ?? []).drop { $0 == 0 })
    }

    /// The bytes of `em` after a padding `00 01 PS 00` where PS is at least eight bytes each satisfying
    /// `paddingByte`: `nil` when there is no such prefix. `blockType` is the second byte's accepted values.
    package static func afterPadding(_ em: [UInt8], firstByte: Set<UInt8> = [0x00], blockType: Set<UInt8> = [0x01],
                             paddingByte: (UInt8) -> Bool = { $0 == 0xFF }) -> ArraySlice<UInt8>? {
        guard em.count > 11, firstByte.contains(em[0]), blockType.contains(em[1]) else { return nil }
        var index = 2
        while index < em.count, em[index] != 0x00 {
            guard paddingByte(em[index]) else { return nil }
            index += 1
        }
        guard index < em.count, index - 2 >= 8 else { return nil }
        return em[(index + 1)...]
    }
}
