import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a JSON file of the suite (or a user's baseline) with the strict parser, turning every failure into a
/// ``VectorLoadError`` that names the file, the line and column, the JSON path and the problem.
package enum JSONFile {
    /// Decodes `type` from the file at `url`; `what` names the file in a read failure ("the rule catalogue").
    package static func decode<T: Decodable>(_ type: T.Type, from url: URL, what: String = "the file") throws(VectorLoadError) -> T {
        try read(url, what: what) { document in try JSONDocumentDecoder(document: document).decode(type) }
    }

    /// Reads and strictly parses the file at `url` and hands the document to `body`, translating its errors.
    package static func read<T>(_ url: URL, what: String = "the file", _ body: (JSONDocument) throws -> T) throws(VectorLoadError) -> T {
        let bytes: Data
        do {
            bytes = try Self.bytes(of: url)
        } catch {
            throw VectorLoadError(file: url.path, jsonPath: "$", kind: .unreadable,
                                  problem: "cannot read \(what): \(error)")
        }
        let document: JSONDocument
        do {
            document = try StrictJSONParser.document(bytes)
        } catch {
            throw VectorLoadError(file: url.path, syntaxError: error)
        }
        do {
            return try body(document)
        } catch let error as DecodingError {
            throw VectorLoadError(file: url.path, decodingError: error, document: document)
        } catch let error as VectorLoadError {
            throw error
        } catch {
            throw VectorLoadError(file: url.path, jsonPath: "$", kind: .invalidFormat, problem: "\(error)")
        }
    }

    /// The bytes of the regular file at `url`. A directory, a FIFO, a device (`/dev/zero`) or a socket is refused
    /// before anything is read (none could end, or none is a file); every failure says its cause in words
    /// ("is a directory", "too many levels of symbolic links"), never a Foundation error code.
    static func bytes(of url: URL) throws(FileReadError) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileReadError(reason: "is a directory")
        case S_IFIFO: throw FileReadError(reason: "not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: throw FileReadError(reason: "not a regular file (a device)")
        case S_IFSOCK: throw FileReadError(reason: "not a regular file (a socket)")
        default: throw FileReadError(reason: "not a regular file")
        }
        var data = Data(capacity: Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            #if canImport(Glibc)
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            #else
            let count = Darwin.read(descriptor, &buffer, buffer.count)
            #endif
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw FileReadError(errno: errno) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// Why a file could not be read, in words: the system's own ("No such file or directory", "Permission denied",
/// "Too many levels of symbolic links") or the toolkit's ("is a directory", "not a regular file").
package struct FileReadError: Error, CustomStringConvertible {
    package let description: String

    package init(reason: String) {
        description = reason
    }

    package init(errno code: Int32) {
        description = code == EISDIR ? "is a directory" : String(cString: strerror(code)).lowercased()
    }
}
