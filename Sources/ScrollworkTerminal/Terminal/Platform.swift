#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library calls whose Swift names clash with our own methods (`write`, `read`, `signal`),
// spelled once here so that no other file names the platform's module.

/// `write(2)`.
@inline(__always)
func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, bytes, count)
    #else
    return Darwin.write(fd, bytes, count)
    #endif
}

/// `read(2)`.
@inline(__always)
func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, bytes, count)
    #else
    return Darwin.read(fd, bytes, count)
    #endif
}

/// `signal(2)`.
@discardableResult @inline(__always)
func systemSignal(_ signal: Int32, _ handler: sig_t?) -> sig_t? {
    #if canImport(Glibc)
    return Glibc.signal(signal, handler)
    #else
    return Darwin.signal(signal, handler)
    #endif
}
