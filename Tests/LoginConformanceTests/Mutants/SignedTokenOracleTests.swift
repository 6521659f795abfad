import Testing

/// The signed-token model's RS256 check (``SignedTokenEncoding`` on the oracle's recovered encoded messages) agrees
/// with `cryptography`'s verdicts in the oracle: what the Swift checks accept is exactly what verifies.
@Suite("Signed-token oracle")
struct SignedTokenOracleTests {
    @Test("the EMSA-PKCS1-v1_5 check on recovered encoded messages accepts exactly what cryptography verifies")
    func encodingCheckAgreesWithCryptography() {
        let oracle = SignatureOracle.shared
        #expect(oracle.isLoaded && !oracle.encodedMessages.isEmpty && !oracle.digests.isEmpty,
                "signed-token-oracle.json has no encoded messages: run Scripts/generate_vectors.py")
        var accepted = 0
        for (key, em) in oracle.encodedMessages {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let signature = Base64URL.decode(Substring(parts[1]), lenient: false) else {
                Issue.record("encodedMessages entry \(key.prefix(40))… is not `n signature`")
                continue
            }
            let inRange = SignedTokenEncoding.representativeInRange(signature, SignedTokenEncoding.modulusBytes(parts[0]))
            for (signingInput, digest) in oracle.digests {
                let swift = inRange && SignedTokenEncoding.exact(em, digest)
                let python = oracle.verifies(algorithm: "RS256", signingInput: signingInput, signature: signature, n: parts[0])
                #expect(swift == python, "RS256 over \(signingInput.prefix(30))… with signature \(parts[1].prefix(12))…: the Swift check says \(swift), cryptography \(python)")
                accepted += swift ? 1 : 0
            }
        }
        #expect(accepted > 0, "no recovered encoded message is a valid RS256 encoding: the check accepts nothing")
    }
}
