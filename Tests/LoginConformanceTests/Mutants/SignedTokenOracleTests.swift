import Testing
import LoginConformanceMutants
import LoginConformanceTestSupport

/// The signed-token model's RS256 check (``SignedTokenEncoding`` on the oracle's recovered encoded messages) agrees
/// with `cryptography`'s verdicts in the oracle: what the Swift checks accept is exactly what verifies.
@Suite("Signed-token oracle")
struct SignedTokenOracleTests {
    @Test("the EMSA-PKCS1-v1_5 check on recovered encoded messages accepts exactly what cryptography verifies")
    func encodingCheckAgreesWithCryptography() {
        let oracle = SignatureOracle.shared
        #expect(oracle.isLoaded && !oracle.encodedMessages.isEmpty && !oracle.digests.isEmpty,
                "signed-token-oracle.json has no encoded messages: run Scripts/vectors/generate_vectors.py")
        // Every (encoded message, signing input) pair: the Swift check accepts a pair when EM is exactly EM', the
        // encoding of the input's digest (RFC 8017 §8.2.2 step 4). An EM equals the encoding of at most one digest of
        // its length, so the encodings are indexed by their bytes once, and each EM's accepted inputs are the ones its
        // bytes index (each confirmed by the check itself), instead of building EM' for every pair.
        var encodings: [[UInt8]: [String]] = [:]
        for length in Set(oracle.encodedMessages.values.map(\.count)) {
            for (signingInput, digest) in oracle.digests {
                encodings[SignedTokenEncoding.encoded(digest: digest, length: length), default: []].append(signingInput)
            }
        }
        var accepted = 0
        for (key, em) in oracle.encodedMessages {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let signature = Base64URL.decode(Substring(parts[1]), lenient: false) else {
                Issue.record("encodedMessages entry \(key.prefix(40))… is not `n signature`")
                continue
            }
            let inRange = SignedTokenEncoding.representativeInRange(signature, SignedTokenEncoding.modulusBytes(parts[0]))
            let swift = Set((inRange ? encodings[em] ?? [] : []).filter { SignedTokenEncoding.exact(em, oracle.digests[$0]!) })
            let python = oracle.inputs(verifiedBy: parts[1], n: parts[0], algorithm: "RS256")
                .filter { oracle.digests[$0] != nil }
            if swift != python {
                Issue.record("RS256 with signature \(parts[1].prefix(12))…: the Swift check accepts \(swift.sorted().map { $0.prefix(30) }), cryptography \(python.sorted().map { $0.prefix(30) })")
            }
            accepted += swift.count
        }
        #expect(accepted > 0, "no recovered encoded message is a valid RS256 encoding: the check accepts nothing")
    }
}
