// Stand-in (our code) for the Objective-C typed extensible enum of FBSDKLoginAuthType.h/.m:
// `typedef NSString *const FBSDKLoginAuthType NS_TYPED_EXTENSIBLE_ENUM NS_SWIFT_NAME(LoginAuthType)`, with
// FBSDKLoginAuthTypeRerequest = @"rerequest" and FBSDKLoginAuthTypeReauthorize = @"reauthorize".
// Swift imports such a type as a struct wrapping a String, with init(rawValue:) and Equatable on the raw value.

public struct LoginAuthType: RawRepresentable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public static let rerequest = LoginAuthType(rawValue: "rerequest")
  public static let reauthorize = LoginAuthType(rawValue: "reauthorize")
}
