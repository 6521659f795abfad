// Stand-in (our code) for Apple's CommonCrypto module: the three names CodeVerifier.swift uses
// (CC_SHA256_DIGEST_LENGTH, CC_LONG, CC_SHA256), computing SHA-256 with swift-crypto when it is available.
// Without swift-crypto, `CC_SHA256` is not available and the driver skips the code challenge, saying why.

public let CC_SHA256_DIGEST_LENGTH: Int32 = 32
public typealias CC_LONG = UInt32

#if canImport(Crypto)
import Crypto
import Foundation

/// Apple: `CC_SHA256(const void *data, CC_LONG len, unsigned char *md) -> unsigned char *`.
@discardableResult
public func CC_SHA256(
  _ data: UnsafeRawPointer?,
  _ len: CC_LONG,
  _ md: UnsafeMutablePointer<UInt8>?
) -> UnsafeMutablePointer<UInt8>? {
  let input = data.map { Data(bytes: $0, count: Int(len)) } ?? Data()
  let digest = Array(SHA256.hash(data: input))
  if let md {
    for (index, byte) in digest.enumerated() { md[index] = byte }
  }
  return md
}

public let commonCryptoStandInHasSHA256 = true
#else

@discardableResult
public func CC_SHA256(
  _ data: UnsafeRawPointer?,
  _ len: CC_LONG,
  _ md: UnsafeMutablePointer<UInt8>?
) -> UnsafeMutablePointer<UInt8>? {
  fatalError("SHA-256 stand-in unavailable: swift-crypto was not found")
}

public let commonCryptoStandInHasSHA256 = false
#endif
