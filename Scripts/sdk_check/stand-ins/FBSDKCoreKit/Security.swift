// Stand-in (our code) for the one Security.framework function CodeVerifier.swift calls to make a random
// verifier: SecRandomCopyBytes(kSecRandomDefault, count, bytes) -> errSecSuccess (0).

public typealias SecRandomRef = OpaquePointer

public let kSecRandomDefault: SecRandomRef? = nil

public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
  var generator = SystemRandomNumberGenerator()
  let buffer = bytes.bindMemory(to: UInt8.self, capacity: count)
  for index in 0 ..< count {
    buffer[index] = generator.next()
  }
  return 0
}
