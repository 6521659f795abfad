import ExampleLogin
import LoginConformanceTesting
import Testing

/// The adapter: the app's API expressed as the toolkit's protocol.
struct ExampleLoginAdapter: NonceValidating {
    func validateNonce(_ nonce: String) -> NonceVerdict {
        switch LimitedLoginNonce.problem(with: nonce) {
        case nil: .valid
        case .empty: .invalid(.empty)
        case .containsWhitespace: .invalid(.whitespace)
        }
    }
}

@Suite struct FacebookLoginConformance {
    @Test(arguments: ConformanceCases.family(.nonce, profile: .documented))
    func nonce(_ vector: ConformanceCase) { vector.check(ExampleLoginAdapter()) }
}
