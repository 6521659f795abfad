// Stand-ins (our code) for Objective-C types of FBSDKCoreKit that the compiled Swift files name.
// Each keeps the Swift name the SDK's header gives it (NS_SWIFT_NAME) and only the members the compiled files use.

import Foundation

/// FBSDKLoggingBehavior.h: `typedef NSString *FBSDKLoggingBehavior NS_TYPED_ENUM NS_SWIFT_NAME(LoggingBehavior)`.
public struct LoggingBehavior: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let developerErrors = LoggingBehavior(rawValue: "developer_errors")
}

/// FBSDKAdvertisingTrackingStatus.h: NS_ENUM(NSUInteger, ...) NS_SWIFT_NAME(AdvertisingTrackingStatus).
public enum AdvertisingTrackingStatus: UInt {
  case allowed
  case disallowed
  case unspecified
}

/// FBSDKDataProcessingOptionKey.h: `typedef NSString *FBSDKDataProcessingOptionKey NS_TYPED_EXTENSIBLE_ENUM`.
public struct DataProcessingOptionKey: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

/// FBSDKLogger.h (NS_SWIFT_NAME(_Logger)): `+singleShotLogEntry:logEntry:`.
/// The stand-in records every entry instead of calling NSLog, so the driver can tell which guard of
/// LoginConfiguration's initialiser refused an input (each guard logs its own message).
public final class _Logger {
  public nonisolated(unsafe) static var entries: [(behavior: LoggingBehavior, entry: String)] = []

  public static func singleShotLogEntry(_ loggingBehavior: LoggingBehavior, logEntry: String) {
    entries.append((loggingBehavior, logEntry))
  }
}
