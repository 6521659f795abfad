#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `write(2)` until every byte is written: the one loop behind the terminal streams and the report files.
enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor`, through `EINTR`, waiting out `EAGAIN` (a non-blocking descriptor
    /// that is full for now). Returns `nil` once everything is written, or the `errno` that stopped it.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EAGAIN {
                usleep(1_000)
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }
}
