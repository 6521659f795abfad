import LoginConformance

/// The login configuration's rule on which the readings disagree (SPECIFICATION.md §1, §8).
extension ReferenceReading {
    /// Limited tracking refuses a permission outside the Limited Login list (`permissionOutsideTrackingScope`); the
    /// SDK has no such list (SPECIFICATION.md §1).
    var limitedTrackingScopesPermissions: Bool {
        switch source {
        case .documentation: true
        case .iosSDK: false
        }
    }
}
