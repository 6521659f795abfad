import Foundation

/// The member names a model's coding keys allow and require, worked out once per key type and kept: checking every
/// object of a vector file (``ClosedObjectKeys``) would otherwise list the keys' cases and their names again for
/// each object.
enum MemberNames {
    /// The members of a closed object (``ClosedObjectKeys``, ``DiscriminatedObjectKeys``): those it may have, and
    /// those it must have, for each value of its discriminator if it has one.
    struct Closed {
        /// The member whose value chooses the variant; `nil` when the object has one variant.
        let discriminator: String?
        /// Each variant: the discriminator's value (`nil` without one), the members it allows (the discriminator
        /// included), those it requires, and its optional members that may not be `null`, in declaration order.
        let variants: [(value: String?, allowed: [String], required: [String], notNull: [String])]
        /// The members that, when present, must be JSON objects.
        var wholeObjects: [String] = []
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [ObjectIdentifier: [String]] = [:]
    nonisolated(unsafe) private static var closedMembers: [ObjectIdentifier: Closed?] = [:]

    /// The names of `keys`' cases, in declaration order.
    static func of<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> [String] {
        let id = ObjectIdentifier(keys)
        if let known = lock.withLock({ names[id] }) { return known }
        let listed = keys.allCases.map(\.stringValue)
        lock.withLock { names[id] = listed }
        return listed
    }

    /// The members `keys` allow and require when they are ``ClosedObjectKeys`` or ``DiscriminatedObjectKeys``;
    /// `nil` for the keys of an open object (or of a model that checks its members itself).
    static func closed<Keys: CodingKey>(_ keys: Keys.Type) -> Closed? {
        let id = ObjectIdentifier(keys)
        if let known = lock.withLock({ closedMembers[id] }) { return known }
        let found = (keys as? any ClosedObjectKeys.Type).map { members(of: $0) }
            ?? (keys as? any DiscriminatedObjectKeys.Type).map { members(of: $0) }
        lock.withLock { closedMembers[id] = .some(found) }
        return found
    }

    private static func members<Keys: ClosedObjectKeys>(of keys: Keys.Type) -> Closed {
        let optional = Set(keys.optionalMembers.map(\.stringValue)), nullable = Set(keys.nullableMembers.map(\.stringValue))
        let allowed = of(keys)
        return Closed(discriminator: nil,
                      variants: [(nil, allowed, allowed.filter { !optional.contains($0) },
                                  allowed.filter { optional.contains($0) && !nullable.contains($0) })],
                      wholeObjects: keys.wholeObjectMembers.map(\.stringValue))
    }

    private static func members<Keys: DiscriminatedObjectKeys>(of keys: Keys.Type) -> Closed {
        let discriminator = keys.discriminator.stringValue, nullable = Set(keys.nullableMembers.map(\.stringValue))
        return Closed(discriminator: discriminator, variants: keys.variants.map { variant in
            let required = [discriminator] + variant.required.map(\.stringValue), optional = variant.optional.map(\.stringValue)
            return (variant.value, required + optional, required, optional.filter { !nullable.contains($0) })
        })
    }
}
