import Glibc
@testable import ScrollworkFiles

/// A file of the tests' own, removed after use.
enum TemporaryFile {
    /// Calls `body` with a file holding `text`, then removes the file.
    static func with<T>(_ text: String, _ body: (FileBytes) throws -> T) throws -> T {
        try with(bytes: Array(text.utf8), body)
    }

    /// Calls `body` with a file holding `bytes` (bad UTF-8 included), then removes the file.
    static func with<T>(bytes: [UInt8], _ body: (FileBytes) throws -> T) throws -> T {
        var template = Array("/tmp/scrollwork-files-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return try body(try FileBytes(path: path))
    }
}
