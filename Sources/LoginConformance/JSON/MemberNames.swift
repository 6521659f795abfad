import Foundation

/// The member names a model's coding keys allow, worked out once per key type and kept: checking every object of
/// a vector file for unknown members (``JSONDocumentDecoder/rejectUnknownMembers(of:)``) would otherwise list the
/// keys' cases and their names again for each object.
enum MemberNames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [ObjectIdentifier: [String]] = [:]

    /// The names of `keys`' cases, in declaration order.
    static func of<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> [String] {
        let id = ObjectIdentifier(keys)
        if let known = lock.withLock({ names[id] }) { return known }
        let listed = keys.allCases.map(\.stringValue)
        lock.withLock { names[id] = listed }
        return listed
    }
}
