/// The coding keys of a closed object: every member it may have, each required unless it is one of
/// ``optionalMembers``. The suite's strict decoder checks an object read with these keys before any member is decoded:
/// a member that is none of the cases is refused, naming it and the allowed ones, and a required member that is
/// missing is refused, naming it. So a model whose keys conform needs no hand-written `init(from:)`: the synthesized
/// one reads each member with its type, and the members are checked once, in one place, for every model alike
/// (Vectors/schema/fields.json: "a closed object refuses other members"). A required member whose property is optional
/// may be `null` but not missing; an optional member may be missing but not `null`, unless it is one of
/// ``nullableMembers`` (`null` would otherwise be read as absent, more leniently than the schema: a claim kept as
/// `null` read as a claim dropped).
///
/// A misspelt member (`"expectd"`) must be an error naming its JSON path, never a silently ignored expectation.
/// Foundation's `JSONDecoder` knows nothing of this: the suite reads its files and the adapters' answers with its own
/// decoder only (``JSONFile``, ``VectorJudging``).
package protocol ClosedObjectKeys: CodingKey, CaseIterable {
    /// The members that may be missing; every other case is required.
    static var optionalMembers: [Self] { get }
    /// The optional members that may also be `null` (fields.json types them `… | null`).
    static var nullableMembers: [Self] { get }
    /// The members read whole as a ``JSONValue`` that must be JSON objects (fields.json's `object-whole`: a JSON
    /// payload, a key set); the decoder refuses another JSON type there.
    static var wholeObjectMembers: [Self] { get }
}

extension ClosedObjectKeys {
    /// No member may be missing.
    package static var optionalMembers: [Self] { [] }
    /// No optional member may be `null`.
    package static var nullableMembers: [Self] { [] }
    /// No member is read whole.
    package static var wholeObjectMembers: [Self] { [] }
}

/// The coding keys of a closed object whose members depend on one of them, the ``discriminator`` (an outcome's
/// `result`, a step's `step`): each value it may take, with the members the object then has. The suite's strict
/// decoder checks the discriminator and the members before any member is decoded, as for ``ClosedObjectKeys``: a
/// value that is none of the ``variants``' is refused with the allowed ones, then a member that variant does not
/// have, then a required one that is missing, then an optional one that is `null` (unless one of ``nullableMembers``).
/// The model's `init(from:)` only reads the members of the variant.
package protocol DiscriminatedObjectKeys: CodingKey, CaseIterable {
    /// The member that says which variant the object is.
    static var discriminator: Self { get }
    /// Each value of the discriminator, in the order errors list them, with the members the object then has besides
    /// it: those it must have, and those it may have.
    static var variants: [(value: String, required: [Self], optional: [Self])] { get }
    /// The optional members that may also be `null`.
    static var nullableMembers: [Self] { get }
}

extension DiscriminatedObjectKeys {
    /// No optional member may be `null`.
    package static var nullableMembers: [Self] { [] }
}
