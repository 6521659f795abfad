import Foundation

/// The Python interpreter the tests start adapters and scripts with: `python3` resolved once, to the interpreter it
/// runs (`sys.executable`). A version manager's `python3` is a shell script (pyenv's shims cost tens of
/// milliseconds of bash for each start, about 5% of the test command's CPU); the interpreter itself is what the
/// adapters need. When `python3` cannot be resolved, it stays `python3` (the test that needs it then says why).
package enum Python {
    /// The interpreter's absolute path, or `python3`.
    package static let interpreter: String = {
        // `popen`, not `Process`: this runs inside a lazy global's initializer, on whichever test thread asks first,
        // and must not depend on a run loop.
        guard let pipe = popen("python3 -c 'import sys; sys.stdout.write(sys.executable)' 2>/dev/null", "r") else {
            return "python3"
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        let status = pclose(pipe)
        let path = String(decoding: bytes, as: UTF8.self)
        guard status == 0, path.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: path) else { return "python3" }
        return path
    }()

    /// ``interpreter`` as the start of a `/bin/sh` command line (single-quoted when it needs to be), without the
    /// `site` module (`-S`): the adapters the tests start use the standard library only, and site's start-up (the
    /// installed packages' `.pth` files) was half of each of the hundred or so Python starts of `swift test` (48 ms
    /// against 25 ms here).
    package static let command: String = {
        let plain = interpreter.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
        return (plain ? interpreter : "'" + interpreter.replacingOccurrences(of: "'", with: "'\\''") + "'") + " -S"
    }()
}
