import LoginConformance

/// The Graph error classification's rule on which the readings disagree (SPECIFICATION.md §8).
extension ReferenceReading {
    /// A server table item whose code is the wildcard is dropped with the rest of its category's items, as the SDK's
    /// FBSDKErrorConfiguration does (rule `graph-error.server-table.wildcard-code.ios-sdk`, DECISIONS.md D29).
    var graphErrorDropsWildcardCodes: Bool {
        switch source {
        case .documentation: false
        case .iosSDK: true
        }
    }
}
