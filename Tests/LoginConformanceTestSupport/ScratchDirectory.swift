import Foundation

/// A fresh folder under the temporary directory that is removed, with everything in it, when the last value holding
/// it goes away (the end of the test that made it): `swift test` leaves no copies of the vectors behind.
package final class ScratchDirectory: @unchecked Sendable {
    package let url: URL

    /// A new folder named `prefix-<UUID>`: empty, or holding a copy of `source`'s content.
    package init(prefix: String, copying source: URL? = nil) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        if let source {
            try FileManager.default.copyItem(at: source, to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    /// A new empty folder named `prefix-<UUID>` that the caller removes (in its `defer`).
    package static func folder(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
