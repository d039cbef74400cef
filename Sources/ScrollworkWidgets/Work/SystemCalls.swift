#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `write` and `read` under names that do not clash with our own methods, for the work runner's
// wake pipe, diagnostics and the terminal host: over arrays, so that no caller holds a pointer.

/// `write(2)` of `bytes[offset..<end]` (to the end of `bytes` when `end` is nil; both clamped
/// to `bytes`): how many were written, or -1 (`errno` says why); 0 when that range is empty.
@inline(__always)
package func systemWrite(_ fd: Int32, _ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil) -> Int {
    let end = Swift.min(end ?? bytes.count, bytes.count)
    guard offset >= 0, offset < end else { return 0 }
    // Safe: the array's bytes are lent for the call, and `offset..<end` lies inside them.
    #if canImport(Glibc)
    return unsafe bytes.withUnsafeBytes { unsafe Glibc.write(fd, $0.baseAddress! + offset, end - offset) }
    #else
    return unsafe bytes.withUnsafeBytes { unsafe Darwin.write(fd, $0.baseAddress! + offset, end - offset) }
    #endif
}

/// `read(2)` into `buffer` from its start, at most its count: how many bytes came, 0 at the end
/// of the input, or -1 (`errno` says why).
@inline(__always)
package func systemRead(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    guard !buffer.isEmpty else { return 0 }
    // Safe: the array's bytes are lent for the call, and no more than its count is read.
    #if canImport(Glibc)
    return unsafe buffer.withUnsafeMutableBytes { unsafe Glibc.read(fd, $0.baseAddress, $0.count) }
    #else
    return unsafe buffer.withUnsafeMutableBytes { unsafe Darwin.read(fd, $0.baseAddress, $0.count) }
    #endif
}

/// `pread(2)` of up to `count` bytes (all of `buffer` when nil; clamped to it) at `offset` of
/// `fd` into `buffer` from its start: how many came, 0 at the end, or -1 (`errno` says why; a
/// negative offset is refused so).
@inline(__always)
package func systemRead(_ fd: Int32, into buffer: inout [UInt8], count: Int? = nil, at offset: Int) -> Int {
    let count = Swift.max(0, Swift.min(count ?? buffer.count, buffer.count))
    guard count > 0 else { return 0 }
    guard offset >= 0 else {
        errno = EINVAL
        return -1
    }
    // Safe: the array's bytes are lent for the call, and no more than `count` of them is read.
    return unsafe buffer.withUnsafeMutableBytes { unsafe pread(fd, $0.baseAddress, count, off_t(offset)) }
}

/// The system's text for error number `code` (`strerror`), as a Swift string.
package func systemErrorText(_ code: Int32) -> String {
    // Safe: `strerror` returns a C string that stays valid until the next call, and it is copied at once.
    unsafe String(cString: strerror(code))
}

/// `poll(2)` on `descriptors`, waiting up to `milliseconds` (forever when negative): how many
/// are ready (their `revents` set), 0 on a timeout, or -1 (`errno` says why).
package func systemPoll(_ descriptors: inout [pollfd], milliseconds: Int32) -> Int32 {
    // Safe: the array is lent for the call, with its own count.
    unsafe poll(&descriptors, nfds_t(descriptors.count), milliseconds)
}
