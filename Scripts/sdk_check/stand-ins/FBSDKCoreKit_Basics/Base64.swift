// Stand-in (our code) for the Objective-C class FBSDKBase64 (NS_SWIFT_NAME(Base64)) of FBSDKCoreKit_Basics,
// which cannot be compiled on Linux. Only the two class methods the compiled Swift files call are stood in for.
//
// The driver only ever hands this stand-in canonical base64url text (no padding, no junk, length 4n, 4n+2 or
// 4n+3) that it produced itself from the vector's JSON text, so how the real FBSDKBase64 treats padding,
// whitespace and unknown characters never matters here; that part of the SDK is read, not run
// (docs/sdk-check.md, "What is not compiled").

// FBSDKCoreKit_Basics' umbrella header imports Foundation, so Swift files that import the module see it.
@_exported import Foundation

public final class Base64 {
  /// FBSDKBase64.m `base64FromBase64Url:`: '-' -> '+', '_' -> '/'.
  public static func base64(fromBase64Url base64Url: String) -> String {
    base64Url
      .replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
  }

  /// FBSDKBase64.m `decodeAsData:`: pads to a multiple of 4 with '=', then decodes.
  public static func decode(asData string: String?) -> Data? {
    guard var string else { return nil }
    let remainder = string.utf16.count % 4
    if remainder > 0 {
      string += String(repeating: "=", count: 4 - remainder)
    }
    return Data(base64Encoded: string, options: .ignoreUnknownCharacters)
  }
}
