/// A file the CLI was asked to write (a report, a baseline, an extracted vector) that cannot be written: not a
/// mistake on the command line, so it is reported as what it is, with the path and the system's reason (exit 2,
/// like every problem that is not the implementation's).
struct OutputError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write \(path): \(reason)" }
}
