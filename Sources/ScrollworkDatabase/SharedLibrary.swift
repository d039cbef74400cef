#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library of the system's, opened at run time, and its functions by name: an engine's
/// client library is looked for when a database is opened, not when the program is linked.
@safe struct SharedLibrary {
    // Safe (its pointer): the library is never closed, so `handle` and every function found in
    // it stay valid for the program's life; each function is cast to the type its caller declares
    // from the library's header.
    private let handle: UnsafeMutableRawPointer
    /// What the library is, and the package that installs it, for the message when it is missing.
    private let engine: String, install: String

    /// The first of `names` that opens; ``DatabaseError/libraryMissing(engine:install:)`` names
    /// `install` when none does.
    init(names: [String], engine: String, install: String) throws(DatabaseError) {
        guard let handle = unsafe names.lazy.compactMap({ unsafe dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            throw .libraryMissing(engine: engine, install: install)
        }
        unsafe self.handle = handle
        self.engine = engine
        self.install = install
    }

    /// The function `name`, as the C function type `T` it has (the caller's declaration must
    /// match the library's header).
    func symbol<T>(_ name: String) throws(DatabaseError) -> T {
        guard let found = unsafe dlsym(handle, name) else { throw .libraryMissing(engine: "\(engine) with \(name) (a newer version)", install: install) }
        return unsafe unsafeBitCast(found, to: T.self)
    }
}
