import LoginConformance
import LoginConformanceReference

/// One profile's vectors, split by family into typed arrays before timing, for the direct loop that the engine
/// overhead is measured against: each family's own `run` is called on the reference with no engine around it (no
/// plan, no type erasure, no results), and each answer judged by the family's own `conforms`.
///
/// The lanes come from the registry the suite was loaded with, so a family added later joins both sides with no
/// edit here.
struct TypedVectors {
    private let lanes: [any DirectLane]

    /// Splits `vectors` into one typed lane per family of `registry` that has vectors among them.
    init(_ vectors: [any ConformanceVector], registry: FamilyRegistry = .standard) {
        lanes = registry.definitions.compactMap { Self.lane(of: $0, from: vectors) }
    }

    private init(lanes: [any DirectLane]) {
        self.lanes = lanes
    }

    private static func lane<Family: VectorFamily>(
        of _: Family.Type, from vectors: [any ConformanceVector]
    ) -> (any DirectLane)? {
        let typed = vectors.compactMap { $0 as? Vector<Family> }
        return typed.isEmpty ? nil : Lane<Family>(vectors: typed)
    }

    /// How many vectors there are.
    var count: Int { lanes.reduce(0) { $0 + $1.count } }

    /// The families among these vectors whose protocol `reference` does not adopt: such a family answers `nil` from
    /// its `run` (signed-token and code-challenge, which need cryptography the root package does not have).
    func families(notAdoptedBy reference: ReferenceImplementation) -> Set<ConformanceFamily> {
        Set(lanes.filter { !$0.isAdopted(by: reference) }.map(\.family))
    }

    /// These vectors, only those of `families`.
    func restricted(to families: Set<ConformanceFamily>) -> TypedVectors {
        TypedVectors(lanes: lanes.filter { families.contains($0.family) })
    }

    /// Calls each family's `run` on the reference directly and judges each answer with the family's rule; returns
    /// how many conform.
    func directLoop(_ reference: ReferenceImplementation) -> Int {
        lanes.reduce(0) { $0 + $1.passed(on: reference) }
    }
}

/// One family's lane, its type erased only between lanes, never inside the loop over its vectors.
private protocol DirectLane {
    var family: ConformanceFamily { get }
    var count: Int { get }
    func isAdopted(by reference: ReferenceImplementation) -> Bool
    func passed(on reference: ReferenceImplementation) -> Int
}

/// One family's vectors in the direct loop.
private struct Lane<Family: VectorFamily>: DirectLane {
    let vectors: [Vector<Family>]

    var family: ConformanceFamily { Family.family }
    var count: Int { vectors.count }

    /// Whether `run` answers for the first vector (an error thrown is an answer: the protocol is adopted).
    func isAdopted(by reference: ReferenceImplementation) -> Bool {
        guard let first = vectors.first else { return false }
        do { return try Family.run(first.input, on: reference) != nil } catch { return true }
    }

    /// How many of the vectors the reference's answer conforms to (a thrown error conforms to nothing).
    func passed(on reference: ReferenceImplementation) -> Int {
        var passed = 0
        for vector in vectors {
            guard let answer = try? Family.run(vector.input, on: reference) else { continue }
            if Family.conforms(answer, to: vector.expected, input: vector.input) { passed += 1 }
        }
        return passed
    }
}
