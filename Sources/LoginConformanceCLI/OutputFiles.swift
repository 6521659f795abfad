import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command writes (reports, a baseline, an extracted vector): checked before anything runs, then
/// written all or nothing. Each regular file is written to a temporary name beside it and renamed over it, so a
/// reader (or a signal) never sees a partial file: at every instant it is the previous whole file or the new one.
struct OutputFiles {
    /// A path a command writes, named by the option that gave it.
    struct Output {
        let option: String
        let url: URL
    }

    /// A path a command reads; `isDirectory` for `--vectors DIR`, whose files an output must not replace.
    struct Input {
        let option: String
        let url: URL
    }

    /// Refuses, before anything runs, an output that would clobber an input or another output (a usage error: two
    /// outputs on one path, an output equal to an input file or inside an input directory), or that cannot be
    /// written (an ``OutputError``: a directory, a directory that does not exist or is not writable).
    static func check(_ outputs: [Output], inputs: [Input]) throws {
        var seen: [String: String] = [:]
        for output in outputs {
            let path = resolved(output.url)
            let shown = output.url.path
            if let other = seen[path] {
                throw CommandLineOptions.UsageError(description: "\(other) and \(output.option) name the same file \(shown); give each its own path")
            }
            seen[path] = output.option
            for input in inputs {
                let inputPath = resolved(input.url)
                if path == inputPath {
                    throw CommandLineOptions.UsageError(description: "\(output.option) \(shown) is the \(input.option) file: writing it would destroy what the run reads; choose another path")
                }
                if isDirectory(inputPath), path.hasPrefix(inputPath.hasSuffix("/") ? inputPath : inputPath + "/") {
                    throw CommandLineOptions.UsageError(description: "\(output.option) \(shown) is inside the \(input.option) directory \(input.url.path): it could replace a vector file; write it elsewhere")
                }
            }
            if isDirectory(path) {
                throw OutputError(path: shown, reason: "is a directory (\(output.option) names a file)")
            }
            let parent = (path as NSString).deletingLastPathComponent
            guard isDirectory(parent) else {
                throw OutputError(path: shown, reason: "the directory \(parent) does not exist")
            }
            guard access(parent, W_OK) == 0 else {
                throw OutputError(path: shown, reason: "cannot write in \(parent): \(String(cString: strerror(errno)).lowercased())")
            }
            if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 {
                throw OutputError(path: shown, reason: String(cString: strerror(errno)).lowercased())
            }
        }
    }

    /// Writes every file: first each regular one to a temporary name beside it, then, when all are written, renames
    /// them over their targets. A failure leaves every target as it was (temporaries removed). A target that exists
    /// and is not a regular file (`/dev/stdout`, a FIFO) is written in place, last.
    static func write(_ files: [(url: URL, text: String)]) throws(OutputError) {
        var staged: [(temporary: String, target: String)] = []
        var inPlace: [(url: URL, text: String)] = []
        do {
            for file in files {
                let target = resolved(file.url)
                if let type = fileType(target), type != S_IFREG {
                    inPlace.append(file)
                    continue
                }
                let temporary = (target as NSString).deletingLastPathComponent + "/."
                    + (target as NSString).lastPathComponent + ".\(getpid()).\(staged.count).tmp"
                staged.append((temporary, target))
                try writeWhole(Array(file.text.utf8), to: temporary, create: true, shown: file.url.path)
            }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw error
        }
        for file in staged where rename(file.temporary, file.target) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged { unlink(rest.temporary) }
            throw OutputError(path: file.target, reason: reason)
        }
        for file in inPlace {
            try writeWhole(Array(file.text.utf8), to: file.url.path, create: false, shown: file.url.path)
        }
    }

    private static func writeWhole(_ bytes: [UInt8], to path: String, create: Bool, shown: String) throws(OutputError) {
        let flags = create ? O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC : O_WRONLY | O_TRUNC | O_CLOEXEC
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: shown, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if let code = DescriptorWriting.writeAll(bytes, to: descriptor) {
            throw OutputError(path: shown, reason: String(cString: strerror(code)))
        }
    }

    /// The path with every symbolic link of its existing part resolved (a link to the baseline is the baseline).
    static func resolved(_ url: URL) -> String {
        let standardized = url.standardizedFileURL
        if FileManager.default.fileExists(atPath: standardized.path) {
            return standardized.resolvingSymlinksInPath().path
        }
        let parent = standardized.deletingLastPathComponent().resolvingSymlinksInPath().path
        return (parent == "/" ? "" : parent) + "/" + standardized.lastPathComponent
    }

    private static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    private static func isDirectory(_ path: String) -> Bool {
        fileType(path) == S_IFDIR
    }
}
