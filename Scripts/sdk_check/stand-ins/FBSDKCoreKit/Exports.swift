// Stand-in (our code) for FBSDKCoreKit's umbrella header, which makes FBSDKCoreKit_Basics (Base64) visible to
// FBSDKCoreKit's own Swift files and to every module that imports FBSDKCoreKit.

@_exported import FBSDKCoreKit_Basics
@_exported import Foundation
