import Foundation
@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

/// A vector's input is rendered once and kept (``KeptRendering``): the kept text is the rendering, every time and on
/// every thread, and it is no part of the vector's value.
@Suite("A vector's input rendered once and kept")
struct KeptRenderingTests {
    /// Fresh copies of some bundled vectors of every family (nothing rendered yet), with their inputs.
    static func freshVectors() throws -> [any ConformanceVector] {
        let suite = try VectorSuite.bundled()
        return FamilyRegistry.standard.families.flatMap { family in
            suite.vectors(for: .documented, families: [family]).prefix(20).map { ($0 as! any Freshened).fresh() }
        }
    }

    @Test("the kept text is the input's rendering: asked again, and asked from eight threads at once")
    func keptIsTheRendering() async throws {
        let vectors = try Self.freshVectors()
        #expect(vectors.count > 100)
        let texts = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { vectors.map { $0.inputJSON() } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (index, vector) in vectors.enumerated() {
            let rendered = (vector as! any Freshened).renderedAfresh()
            #expect(texts.allSatisfy { $0[index] == rendered }, "\(vector.metadata.id)")
            #expect(vector.inputJSON() == rendered, "\(vector.metadata.id)")
        }
    }

    @Test("a vector whose input was rendered equals and hashes as its copy that was not")
    func notPartOfTheValue() throws {
        let vector = try #require(try VectorSuite.bundled().vectors(for: .documented, families: [.nonce]).first
            as? Vector<NonceFamily>)
        let copy = Vector<NonceFamily>(metadata: vector.metadata, input: vector.input, expected: vector.expected,
                                       alsoAccepted: vector.alsoAccepted)
        _ = vector.inputJSON()
        #expect(vector == copy)
        #expect(Set([vector, copy]).count == 1)
    }
}

/// A vector made anew from its parts, so that nothing of it is rendered yet.
private protocol Freshened {
    func fresh() -> any ConformanceVector
    func renderedAfresh() -> String
}

extension Vector: Freshened {
    func fresh() -> any ConformanceVector {
        Vector(metadata: metadata, input: input, expected: expected, alsoAccepted: alsoAccepted)
    }
    func renderedAfresh() -> String { CanonicalJSON.render(input) }
}
