import Foundation
import LoginConformance
import LoginConformanceReference

// Deliberately wrong implementations: each is the reference with one realistic bug, so the tests can show the
// suite catches the bug with named, readable failures while every other vector still passes.

/// Trims whitespace before validating, so " abc" passes (SPECIFICATION.md §1: no trimming).
package struct TrimmingNonceValidator: NonceValidating {
    package init() {}

    package func validateNonce(_ nonce: String) -> NonceVerdict {
        ReferenceNonceValidator(profile: .documented)
            .validateNonce(nonce.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Rejects for the right verdict but the wrong reason: calls the empty nonce "whitespace".
package struct WrongReasonNonceValidator: NonceValidating {
    package init() {}

    package func validateNonce(_ nonce: String) -> NonceVerdict {
        nonce.isEmpty ? .invalid(.whitespace) : ReferenceNonceValidator(profile: .documented).validateNonce(nonce)
    }
}

/// Computes declined as requested − granted instead of requested ∩ denied (SPECIFICATION.md §3).
package struct RequestedMinusGrantedResolver: LoginResultResolving {
    package init() {}

    package func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        guard case .success(let success) = ReferenceLoginResultResolver().resolveLoginResult(callback) else {
            return ReferenceLoginResultResolver().resolveLoginResult(callback)
        }
        return .success(LoginSuccess(
            grantedPermissions: success.grantedPermissions,
            declinedPermissions: callback.requestedPermissions.subtracting(success.grantedPermissions),
            token: success.token, authenticationToken: success.authenticationToken, profile: success.profile))
    }
}

/// Treats `exp == now` as still valid (`exp >= now`), an off-by-one of SPECIFICATION.md §4.
package struct InclusiveExpiryValidator: TokenClaimsValidating {
    package init() {}

    package func validateClaims(_ input: TokenClaimsInput) -> TokenClaimsOutcome {
        let earlier = TokenClaimsInput(header: input.header, claims: input.claims, expectedNonce: input.expectedNonce,
                                       appID: input.appID, now: input.now - 1)
        return ReferenceTokenClaimsValidator(profile: .documented).validateClaims(earlier)
    }
}

/// Throws on one particular nonce, like an implementation with an unexpected error path.
package struct ThrowingNonceValidator: NonceValidating {
    package struct Unexpected: Error, CustomStringConvertible {
        package init() {}
        package var description: String { "unexpected state in the nonce validator" }
    }

    package let failingNonce: String

    package init(failingNonce: String) { self.failingNonce = failingNonce }

    package func validateNonce(_ nonce: String) throws -> NonceVerdict {
        if nonce == failingNonce { throw Unexpected() }
        return ReferenceNonceValidator(profile: .documented).validateNonce(nonce)
    }
}

/// A subject that adopts no family protocol: every vector is skipped.
package struct NotAnImplementation: ConformanceSubject {
    package init() {}
}

/// The SDK's literal check, `rangeOfCharacter(from: .whitespaces)`. On Apple platforms Foundation's
/// `CharacterSet.whitespaces` is Zs plus TAB; swift-corelibs-foundation on Linux also puts U+200B ZERO WIDTH SPACE
/// in it (Zs in Unicode 3, Cf since 4.0.1), so a port that copies the SDK's code behaves differently on Linux.
package struct FoundationWhitespaceNonceValidator: NonceValidating {
    package init() {}

    package func validateNonce(_ nonce: String) -> NonceVerdict {
        if nonce.isEmpty { return .invalid(.empty) }
        return nonce.rangeOfCharacter(from: .whitespaces) == nil ? .valid : .invalid(.whitespace)
    }
}

/// An implementation with known failures: the reference in the documented profile, except that its nonce
/// validator trims whitespace (and, when `declinedAsRequestedMinusGranted`, its login-result resolver computes
/// declined as requested − granted).
package struct KnownFailuresImplementation: NonceValidating, LoginConfigurationBuilding, LoginResultResolving, TokenClaimsValidating {
    /// The families whose protocols it adopts; the others' vectors are skipped.
    package static let families: Set<ConformanceFamily> = [.nonce, .loginConfiguration, .loginResult, .tokenClaims]

    package var declinedAsRequestedMinusGranted = false
    package var nonceThrows = false
    private let reference = ReferenceImplementation(profile: .documented)

    package init() {}

    package func validateNonce(_ nonce: String) throws -> NonceVerdict {
        if nonceThrows, nonce.first?.isWhitespace == true { throw ThrowingNonceValidator.Unexpected() }
        return TrimmingNonceValidator().validateNonce(nonce)
    }

    package func makeConfiguration(_ request: LoginConfigurationRequest) -> LoginConfigurationOutcome {
        reference.makeConfiguration(request)
    }

    package func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        declinedAsRequestedMinusGranted
            ? RequestedMinusGrantedResolver().resolveLoginResult(callback) : reference.resolveLoginResult(callback)
    }

    package func validateClaims(_ input: TokenClaimsInput) -> TokenClaimsOutcome {
        reference.validateClaims(input)
    }
}
