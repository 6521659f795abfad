import Foundation

/// A vector's input as canonical JSON, rendered the first time it is asked for and kept for the vector's life (a
/// loaded suite's): the subprocess harness sends it in every request for the vector, failure messages show it, and a
/// vector is immutable, so its rendering never changes. Rendering it again for every run was most of the runner's
/// own work per vector (BENCHMARKS.md, "the runner's own work per vector").
///
/// Not part of a vector's value: any two compare equal and hash alike, so a vector's `==` and hash are those of its
/// metadata, input and outcomes. Safe to share between threads: the text is read and stored under one lock (two
/// threads that both find it missing both render it, to the same text).
struct KeptRendering: Hashable, Sendable {
    private final class Box: @unchecked Sendable {
        var text: String?
    }

    /// The one lock of every vector's kept rendering: held only to read or store a text, never while rendering.
    private static let lock = NSLock()
    private let box = Box()

    /// The kept text, or `render()`'s, which is kept.
    func text(_ render: () -> String) -> String {
        Self.lock.lock()
        let kept = box.text
        Self.lock.unlock()
        if let kept { return kept }
        let text = render()
        Self.lock.lock()
        box.text = text
        Self.lock.unlock()
        return text
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
