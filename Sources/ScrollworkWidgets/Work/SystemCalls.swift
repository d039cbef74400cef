#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `write` and `read` under names that do not clash with our own methods, for the work runner's
// wake pipe and the terminal host.

/// `write(2)`.
@inline(__always)
package func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, bytes, count)
    #else
    return Darwin.write(fd, bytes, count)
    #endif
}

/// `read(2)`.
@inline(__always)
package func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, bytes, count)
    #else
    return Darwin.read(fd, bytes, count)
    #endif
}
