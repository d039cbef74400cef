/// Why a file could not be opened or read, in words for the person who named it.
public enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound(path: String)
    /// The file exists but may not be read.
    case permissionDenied(path: String)
    /// The path names a directory where a file was expected.
    case isDirectory(path: String)
    /// Another error of the system, with its number and message.
    case system(path: String, operation: String, code: Int32, message: String)
    /// The file's bytes are not text (found in a sample of its start).
    case binary(path: String, offset: Int)
    /// A save was written to after it was finished.
    case finished(path: String)
    /// Reading the file needs a system library that is not installed (zlib for gzip).
    case libraryMissing(path: String, library: String, install: String)
    /// A save's target exists, and replacing it was not asked for.
    case exists(path: String)
    /// A save's target is a file an open view reads: it is never replaced.
    case readByView(path: String)
    /// A file on a server could not be read as asked: `problem` says what the server answered,
    /// or why it could not be asked.
    case remote(url: String, problem: String)

    /// A sentence that says what went wrong and what to do.
    public var description: String {
        switch self {
        case let .notFound(path): return "\(path): no such file or directory"
        case let .permissionDenied(path): return "\(path): permission denied; check the file's permissions"
        case let .isDirectory(path): return "\(path): is a directory"
        case let .system(path, operation, code, message): return "\(path): \(operation) failed: \(message) (errno \(code))"
        case let .libraryMissing(path, library, install):
            return "\(path): reading it needs \(library), which this system does not have; install it (apt-get install \(install))"
        case let .finished(path): return "\(path): the save is finished; nothing more can be written to it (open a new OutputFile)"
        case let .exists(path): return "\(path) already exists; it is replaced only when you say so (y when asked, --force on the command line), or choose another name"
        case let .readByView(path): return "\(path) is a file being read here; a save never replaces it: choose another name"
        case let .remote(url, problem): return "\(url): \(problem)"
        case let .binary(path, offset): return "\(path): looks like a binary file (a NUL or other control byte at byte \(offset) of its start), not text"
        }
    }
}
