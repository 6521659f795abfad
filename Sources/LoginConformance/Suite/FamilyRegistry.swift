/// The vector families a suite can hold, in order: the one list a new family is added to.
///
/// ``standard`` is every family of this release. A suite maintainer, or a test, that defines a family of its own
/// (its ``VectorFamily`` type, vector file and schema) loads it with `VectorSuite.load(from:registry:)` and
/// ``adding(_:)``, without changing the toolkit (docs: "Adding a family").
public struct FamilyRegistry: Sendable {
    /// The family definitions, in order.
    public let definitions: [any VectorFamily.Type]
    private let byName: [String: Int]

    /// A registry of `definitions`, in that order; a name given twice keeps the first.
    public init(_ definitions: [any VectorFamily.Type]) {
        self.definitions = definitions
        var byName: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() where byName[definition.family.rawValue] == nil {
            byName[definition.family.rawValue] = index
        }
        self.byName = byName
    }

    /// Every family of this release, in the manifest's order.
    public static let standard = FamilyRegistry([
        NonceFamily.self,
        LoginConfigurationFamily.self,
        LoginResultFamily.self,
        TokenClaimsFamily.self,
        SignedTokenFamily.self,
        CodeVerifierFamily.self,
        CodeChallengeFamily.self,
        LoginRequestFamily.self,
        ProfileFamily.self,
        AccessTokenFamily.self,
        TokenChangeFamily.self,
        GraphErrorFamily.self,
    ])

    /// The families, in order.
    public var families: [ConformanceFamily] { definitions.map { $0.family } }

    /// The family named `name`, if registered.
    public func family(named name: String) -> ConformanceFamily? {
        byName[name].map { definitions[$0].family }
    }

    /// The definition of `family`, if registered.
    public func definition(of family: ConformanceFamily) -> (any VectorFamily.Type)? {
        byName[family.rawValue].map { definitions[$0] }
    }

    /// The position of `family`, if registered.
    public func index(of family: ConformanceFamily) -> Int? {
        byName[family.rawValue]
    }

    /// This registry with `definition` appended (a family of the same name is replaced).
    public func adding(_ definition: any VectorFamily.Type) -> FamilyRegistry {
        FamilyRegistry(definitions.filter { $0.family != definition.family } + [definition])
    }
}
