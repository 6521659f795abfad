import LoginConformance
import LoginConformanceReference
import LoginConformanceTesting
import Testing
import LoginConformanceTestSupport

/// A deliberately wrong implementation fails with readable, vector-named failures, and only where it is wrong.
@Suite("Wrong implementations are caught")
struct WrongImplementationTests {
    let suite: VectorSuite

    init() throws {
        suite = try VectorSuite.bundled()
    }

    private func failures(_ implementation: any ConformanceSubject, _ family: ConformanceFamily, profile: ConformanceProfile = .documented)
        throws -> [String: VectorResult]
    {
        let run = try ConformanceEngine(suite: suite).run(implementation, profile: profile, families: [family])
        return Dictionary(uniqueKeysWithValues: run.problems.map { ($0.id, $0) })
    }

    @Test("trimming the nonce fails the leading- and trailing-whitespace vectors, and no others")
    func trimmingNonce() throws {
        let failed = try failures(TrimmingNonceValidator(), .nonce)
        #expect(failed.keys.contains("nonce::position::leading-space"))
        #expect(failed.keys.contains("nonce::position::trailing-tab"))
        #expect(failed.keys.contains("nonce::newline-position::leading-lf.documented"))
        // Whitespace inside the nonce is still refused: those vectors pass.
        #expect(!failed.keys.contains("nonce::whitespace::u+0020"))
        #expect(failed.values.allSatisfy { $0.outcome.kind == "fail" })
        for id in ["nonce::position::leading-space", "nonce::position::trailing-tab"] {
            guard case .failed(let mismatch)? = failed[id]?.outcome else {
                Issue.record("\(id) should fail with a mismatch, got \(String(describing: failed[id]?.outcome))")
                continue
            }
            #expect(mismatch.summary == "expected invalid(whitespace), got valid", "\(id)")
        }
        // A nonce of whitespace only is trimmed to nothing: refused, but for the wrong reason.
        guard case .failed(let mismatch)? = failed["nonce::position::only-tab"]?.outcome else {
            Issue.record("nonce::position::only-tab should fail")
            return
        }
        #expect(mismatch.summary == "expected invalid(whitespace), got invalid(empty)")
    }

    @Test("the failure message names the vector, shows expected against actual, the input and a rerun command")
    func readableMessage() throws {
        let id = "nonce::position::leading-space"
        let result = try #require(try failures(TrimmingNonceValidator(), .nonce)[id])
        let vector = try #require(suite.vector(withID: id))
        let message = FailureMessage.text(
            for: result, vector: vector, rerunCommand: "swift run login-conformance run --profile documented --vector '\(id)'")
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines[0] == "\(id) — \(vector.metadata.description)")
        #expect(lines.contains("  expected invalid(whitespace), got valid"))
        #expect(lines.contains(#"  expected: {"reason":"whitespace","result":"invalid"}"#))
        #expect(lines.contains(#"  actual:   {"result":"valid"}"#))
        #expect(lines.contains { $0.hasPrefix("  input:    {\"nonce\":\" ") })
        #expect(lines.last == "  rerun:    swift run login-conformance run --profile documented --vector '\(id)'")
    }

    @Test("the right verdict for the wrong reason is a failure")
    func wrongReason() throws {
        let failed = try failures(WrongReasonNonceValidator(), .nonce)
        #expect(failed.count == 1)
        let result = try #require(failed["nonce::empty::empty-string"])
        guard case .failed(let mismatch) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome.kind)")
            return
        }
        #expect(mismatch.summary == "expected invalid(empty), got invalid(whitespace)")
    }

    @Test("declined computed as requested − granted fails the declined vectors")
    func requestedMinusGranted() throws {
        let failed = try failures(RequestedMinusGrantedResolver(), .loginResult)
        #expect(failed.keys.contains("login-result::declined::requested-not-granted-not-denied"))
        #expect(failed.keys.contains("login-result::declined::mixed-requested-denied-and-unanswered"))
        #expect(failed.values.allSatisfy { $0.outcome.kind == "fail" })
    }

    @Test("exp == now accepted fails the expiry boundary vector")
    func inclusiveExpiry() throws {
        let failed = try failures(InclusiveExpiryValidator(), .tokenClaims)
        let result = try #require(failed["token-claims::exp::equal-now"])
        guard case .failed(let mismatch) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome.kind)")
            return
        }
        #expect(mismatch.summary == "expected rejected(expired), got accepted")
        #expect(result.metadata.severity == .critical)
    }

    @Test("the SDK's missing allow-list fails the documented tracking-scope vectors")
    func sdkReadingAgainstDocumentedProfile() throws {
        let failed = try failures(ReferenceLoginConfigurationBuilder(profile: .iosSDK), .loginConfiguration)
        let result = try #require(failed["login-configuration::tracking-scope::limited-outside-user-likes.documented"])
        guard case .failed(let mismatch) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome.kind)")
            return
        }
        #expect(mismatch.summary == "expected refused(permissionOutsideTrackingScope), got created")
        #expect(failed.keys.allSatisfy { $0.hasSuffix(".documented") })
    }

    @Test("a failure in the Swift Testing runner is an issue naming the vector, with a rerun command")
    func swiftTestingIssue() {
        let id = "nonce::position::leading-space"
        let cases = ConformanceCases.cases(.nonce, profile: .documented, suite: suite,
                                           selection: VectorSelection(patterns: [id]))
        #expect(cases.map(\.testDescription) == [id])
        withKnownIssue {
            cases.first?.check(TrimmingNonceValidator())
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("[regression] \(id) — ") && text.contains("expected invalid(whitespace), got valid")
                && text.contains("rerun:    LOGIN_CONFORMANCE_VECTORS='\(id)' swift test --filter 'LoginConformanceTests.WrongImplementationTests/swiftTestingIssue'")
        }
    }

    #if compiler(>=6.3)
    /// Skipped (the case cancelled) with one warning per family, not a pass and not a failure per vector
    /// (AdoptionTests checks the once).
    @Test("a family the implementation does not adopt is skipped with a warning in the Swift Testing runner, not a pass")
    func unadoptedFamilyIsAnIssue() {
        let cases = ConformanceCases.cases(.tokenClaims, profile: .documented, suite: suite, selection: .all)
        withKnownIssue {
            cases.first?.check(TrimmingNonceValidator())
        } matching: { issue in
            issue.severity == .warning
                && issue.comments.map(\.rawValue).joined().contains("the implementation does not adopt TokenClaimsValidating")
        }
    }
    #endif

    @Test("a selection that matches nothing is a failing case, never an empty pass")
    func emptySelectionFails() {
        let cases = ConformanceCases.cases(.nonce, profile: .documented, suite: suite,
                                           selection: VectorSelection(patterns: ["nonce::no-such::vector"]))
        #expect(cases.count == 1)
        #expect(cases.first?.vector == nil)
        #expect(cases.first?.testDescription == "<no vectors>")
        withKnownIssue {
            cases.first?.check(ReferenceImplementation(profile: .documented))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("LoginConformance checked nothing")
        }
    }
}

@Suite("Platform findings")
struct PlatformFindingTests {
    @Test("the SDK's CharacterSet.whitespaces check conforms to ios-sdk (U+200B included, DECISIONS.md D21)")
    func foundationWhitespaces() throws {
        let run = try ConformanceEngine(suite: VectorSuite.bundled())
            .run(FoundationWhitespaceNonceValidator(), profile: .iosSDK, families: [.nonce])
        #expect(run.problems.isEmpty, "\(run.problems.map(\.id))")
    }
}
