import LoginConformance

/// The login request's rule on which the readings disagree (SPECIFICATION.md §8).
extension ReferenceReading {
    /// App switch is possible with limited tracking (the SDK's LimitedLoginFAS gatekeeper, DECISIONS.md D51); the
    /// Limited Login page says it is not supported.
    var appSwitchWithLimitedTracking: Bool {
        switch source {
        case .documentation: false
        case .iosSDK: true
        }
    }
}
