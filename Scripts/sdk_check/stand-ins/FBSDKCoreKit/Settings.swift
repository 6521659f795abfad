// Stand-in (our code) for the SDK's `Settings` class (Settings.swift), which pulls in most of FBSDKCoreKit and
// cannot be compiled here. AuthenticationTokenClaims only names `Settings.shared` as its default dependency
// and reads `settings.appID`; the driver sets `appID` per vector. Every other member only satisfies the SDK's
// own SettingsProtocol (compiled from the SDK) and is never read on the checked paths.

import Foundation

public final class Settings: SettingsProtocol {
  public nonisolated(unsafe) static let shared = Settings()

  public var appID: String?
  public var clientToken: String?
  public var userAgentSuffix: String?
  public var sdkVersion: String { "stand-in" }
  public var displayName: String?
  public var facebookDomainPart: String?
  public var loggingBehaviors: Set<LoggingBehavior> = []
  public var appURLSchemeSuffix: String?
  public var isDataProcessingRestricted: Bool { false }
  public var isAutoLogAppEventsEnabled: Bool { false }
  public var codelessDebugLogEnabled = false
  public var isCodelessDebugLogEnabled = false
  public var advertiserIDCollectionEnabled = false
  public var isAdvertiserIDCollectionEnabled = false
  public var isSetATETimeExceedsInstallTime: Bool { false }
  public var isATETimeSufficientlyDelayed: Bool { false }
  public var isSKAdNetworkReportEnabled: Bool { false }
  public var advertisingTrackingStatus: AdvertisingTrackingStatus { .unspecified }
  public var installTimestamp: Date? { nil }
  public var advertiserTrackingEnabledTimestamp: Date? { nil }
  public var isEventDataUsageLimited = false
  public var shouldUseTokenOptimizations = false
  public var graphAPIVersion = "stand-in"
  public var isGraphErrorRecoveryEnabled = false
  public var graphAPIDebugParamValue: String? { nil }
  public var graphAPIDebugParameterValue: String? { nil }
  public var advertiserTrackingEnabled = false
  public var isAdvertiserTrackingEnabled = false
  public var shouldUseCachedValuesForExpensiveMetadata = false
  public var persistableDataProcessingOptions: [DataProcessingOptionKey.RawValue: Any]? { nil }
  public var isDomainErrorEnabled = false
  public var limitedLoginAutoRefreshInterval: TimeInterval = 0

  public func setDataProcessingOptions(_ options: [String]?) {}
  public func setDataProcessingOptions(_ options: [String]?, country: Int32, state: Int32) {}
  public func isLoggingBehaviorEnabled(_ loggingBehavior: LoggingBehavior) -> Bool { false }
}
