#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a compressed file's bytes come from, read at offsets: a descriptor of this machine's
/// (closed with the reader), or the bytes of a file on a web server, read by range as far as the
/// decompression reaches (``HTTPFile``), so that a `.gz` on a server shows its first screen from
/// its first range instead of after the whole file is fetched.
enum CompressedSource: Sendable {
    /// A file open for reading.
    case descriptor(Int32)
    /// Bytes another reader gives at offsets.
    case spool(any ByteSpool)

    /// Reads from `offset` into `bytes` as far as they hold: fewer at the end, none past it.
    func read(at offset: UInt64, into bytes: inout [UInt8], path: String) throws(FileError) -> Int {
        // Safe: the array is lent for the call, and each read fills no more than its count.
        let outcome: Result<Int, FileError> = unsafe bytes.withUnsafeMutableBytes { buffer in
            do throws(FileError) {
                switch self {
                case let .descriptor(fd): return unsafe .success(try FileBytes.read(fd, at: offset, into: buffer, path: path))
                case let .spool(spool): return unsafe .success(try spool.read(at: offset, into: buffer))
                }
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The compressed file's size now; 0 when it cannot be looked at.
    var size: UInt64 {
        switch self {
        case let .descriptor(fd):
            var info = stat()
            // Safe: `fstat` fills the local it is lent.
            return unsafe fstat(fd, &info) == 0 ? UInt64(Swift.max(0, info.st_size)) : 0
        case let .spool(spool):
            do {
                return try spool.copy(upTo: nil)
            } catch {
                // A server's file has its size from its first answer; a failed look shows on a read.
                return 0
            }
        }
    }

    /// Closes a descriptor; a spool closes itself.
    func close() {
        if case let .descriptor(fd) = self { closeDescriptor(fd) }
    }
}

/// Closes `fd` (the enum's own `close` hides the system's by name).
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
