// Stand-in (our code) for the platform clock, Foundation's `Date`, inside the FBSDKCoreKit module only.
//
// AuthenticationTokenClaims.swift reads the current time with `Date().timeIntervalSince1970`. A vector states
// its own `now`, so this module declares a `Date` of its own that shadows Foundation's (a module's declarations
// shadow those of the modules it imports): `Date()` answers the `now` the driver set. No SDK line is edited.
// Nothing the check compiles from FBSDKLoginKit names `Date`; the driver names Foundation.Date explicitly.

import Foundation

public struct Date: Hashable {
  /// The time `Date()` answers, in seconds since 1970; the driver sets it per vector.
  public nonisolated(unsafe) static var frozenNow: Double = 0

  public let timeIntervalSince1970: Double

  public init() { timeIntervalSince1970 = Date.frozenNow }
  public init(timeIntervalSince1970: Double) { self.timeIntervalSince1970 = timeIntervalSince1970 }
}
