import Dispatch
import Foundation
import JWTKit
import LimitedLoginTokens
import LoginConformanceTesting
import Testing

/// The adapter: the server's validator expressed as the toolkit's protocol (documented profile: the JWKS, strict
/// base64url, the two documented issuers).
struct JWTKitTokenAdapter: SignedTokenValidating {
    func validateSignedToken(_ input: SignedTokenInput) throws -> SignedTokenOutcome {
        let validator = LimitedLoginTokenValidator(keys: .jwks(input.keys.jwksJSON), appID: input.appID)
        let result: Result<LimitedLoginClaims, LimitedLoginTokenError> = AsyncBridge.wait {
            do {
                return .success(try await validator.validate(input.token, expectedNonce: input.expectedNonce,
                                                             now: Date(timeIntervalSince1970: input.now)))
            } catch let error as LimitedLoginTokenError {
                return .failure(error)
            } catch {
                fatalError("validate(_:) throws only LimitedLoginTokenError")
            }
        }
        switch result {
        case .success(let claims): return .accepted(Self.tokenClaims(claims))
        case .failure(let error): return .rejected(Self.rejection(error))
        }
    }

    static func tokenClaims(_ claims: LimitedLoginClaims) -> TokenClaims {
        // exp and iat as the token wrote them: the runner compares numbers exactly (DECISIONS.md D58).
        var kept = TokenClaims(jti: claims.jti, iss: claims.iss, aud: claims.aud,
                               exactExp: JSONNumber(claims.expText) ?? JSONNumber(claims.exp),
                               exactIat: JSONNumber(claims.iatText) ?? JSONNumber(claims.iat),
                               nonce: claims.nonce, sub: claims.sub)
        for (name, keyPath) in TokenClaims.optionalStringClaims { kept[keyPath: keyPath] = claims.strings[name] }
        kept.userFriends = claims.userFriends
        kept.userAgeRange = claims.userAgeRange
        kept.userHometown = claims.userHometown
        kept.userLocation = claims.userLocation
        kept.cnfJKT = claims.cnfJKT
        return kept
    }

    static func rejection(_ error: LimitedLoginTokenError) -> SignedTokenRejection {
        switch error {
        case .malformed: SignedTokenRejection(.malformed)
        case .badBase64url: SignedTokenRejection(.badBase64url)
        case .badJSON: SignedTokenRejection(.badJSON)
        case .headerAlgorithm: SignedTokenRejection(.headerAlgorithm)
        case .headerType: SignedTokenRejection(.headerType)
        case .headerKeyID: SignedTokenRejection(.headerKeyID)
        case .headerCritical: SignedTokenRejection(.headerCritical)
        case .unknownKeyID: SignedTokenRejection(.unknownKeyID)
        case .signatureInvalid: SignedTokenRejection(.signatureInvalid)
        case .missingClaim(let claim): SignedTokenRejection(.missingClaim, claim: claim)
        case .wrongClaimType(let claim): SignedTokenRejection(.wrongClaimType, claim: claim)
        case .emptyClaim(let claim): SignedTokenRejection(.emptyClaim, claim: claim)
        case .issuer: SignedTokenRejection(.issuer)
        case .audience: SignedTokenRejection(.audience)
        case .expired: SignedTokenRejection(.expired)
        case .issuedTooLongAgo: SignedTokenRejection(.issuedTooLongAgo)
        case .nonceMismatch: SignedTokenRejection(.nonceMismatch)
        }
    }
}

/// The committed baseline, Tests/conformance-baseline.json: known failures by vector ID (none), outside the test
/// target's folder so that SwiftPM neither bundles it nor warns about it.
private let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("conformance-baseline.json")

@Suite struct FacebookLoginConformance {
    @Test(arguments: ConformanceCases.family(.signedToken, profile: .documented, baseline: baseline))
    func signedToken(_ vector: ConformanceCase) { vector.check(JWTKitTokenAdapter()) }

    /// `UPDATE_BASELINE=1 swift test` first writes the baseline from this run; the run is then gated by it.
    @Test func conformanceReports() throws {
        let info = ImplementationInfo(name: "LimitedLoginTokens (jwt-kit 5.8.0)")
        if ConformanceCases.updatingBaseline {
            let run = try ConformanceGate.evaluate(JWTKitTokenAdapter(), as: info, profile: .documented).run
            try Baseline(run: run, previous: try? Baseline.load(from: baseline), implementation: "LimitedLoginTokens")
                .fileText().write(to: baseline, atomically: true, encoding: .utf8)
        }
        let report = try ConformanceGate.evaluate(JWTKitTokenAdapter(), as: info, profile: .documented, baseline: baseline)
        try report.writeReports(to: URL(fileURLWithPath: "reports")) { "LOGIN_CONFORMANCE_VECTORS='\($0)' swift test" }
        #expect(report.verdict == .passed, "see reports/summary.md")
    }
}

/// The toolkit's protocols are synchronous and jwt-kit's verification is async: the async work runs on a serial
/// queue of its own (a task executor), never on the cooperative pool the blocked test thread belongs to.
enum AsyncBridge {
    final class QueueExecutor: TaskExecutor {
        let queue = DispatchQueue(label: "jwt-kit-adapter")
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedTaskExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }
    }

    static let executor = QueueExecutor()

    static func wait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let semaphore = DispatchSemaphore(value: 0)
        let box = Box<T>()
        Task(executorPreference: executor) {
            box.value = await body()
            semaphore.signal()
        }
        semaphore.wait()
        return box.value!
    }

    final class Box<T>: @unchecked Sendable { var value: T? }
}
