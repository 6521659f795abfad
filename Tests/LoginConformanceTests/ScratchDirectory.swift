import Foundation

/// A fresh folder under the temporary directory that is removed, with everything in it, when the last value holding
/// it goes away (the end of the test that made it): `swift test` leaves no copies of the vectors behind.
final class ScratchDirectory: @unchecked Sendable {
    let url: URL

    /// A new, empty folder named `prefix-<UUID>`.
    init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A new folder named `prefix-<UUID>` holding a copy of `source`'s content.
    init(prefix: String, copying source: URL) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: source, to: url)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
