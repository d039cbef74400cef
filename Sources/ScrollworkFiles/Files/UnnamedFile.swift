#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files without a name: made in ``directory`` and unlinked at once, so that nothing is
/// left behind whatever happens to the program (what a stream or standard input is kept in).
public enum UnnamedFile {
    /// The directory temporary files go to: `TMPDIR`, or `/tmp`.
    public static var directory: String {
        // Safe: the variable's C string is copied at once (nothing here sets it).
        guard let dir = unsafe getenv("TMPDIR"), unsafe dir.pointee != 0 else { return "/tmp" }
        let path = unsafe String(cString: dir)
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// A new file in `directory`, open for reading and writing (closed on exec), its name
    /// (`prefix` and six letters) removed at once; nil when it cannot be made (`errno` says why).
    public static func make(in directory: String = directory, prefix: String) -> Int32? {
        // mkstemp fills in the six placeholder letters at the end.
        var template = Array((directory + "/" + prefix + "-" + String(repeating: "X", count: 6)).utf8CString)
        // Safe: the template is a C string ended by its NUL, which `mkstemp` fills in place.
        let fd = unsafe template.withUnsafeMutableBufferPointer { unsafe mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        unsafe template.withUnsafeBufferPointer { _ = unsafe unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// A new file (as ``make(in:prefix:)``) to keep `name`'s bytes in while reading from
    /// `source`; when none can be made, `source` is closed and the error says why.
    static func keeping(_ name: String, readFrom source: Int32, prefix: String) throws(FileError) -> Int32 {
        guard let fd = make(prefix: prefix) else {
            let code = errno
            close(source)
            throw FileError(errno: code, path: name, operation: "make a temporary file to keep the bytes of")
        }
        return fd
    }
}
