/// Why a database could not be opened or read, said for the person: what went wrong and, where
/// there is one, what to do.
public enum DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The engine's client library is not on this machine.
    case libraryMissing(engine: String, install: String)
    /// The database could not be opened.
    case cannotOpen(path: String, reason: String)
    /// A statement failed; `reason` is the engine's message.
    case failed(statement: String, reason: String)
    /// The statement was cancelled (Esc, or the view moved on).
    case cancelled
    /// The connection to the server broke (the server went away, the network failed).
    case connectionLost(reason: String)
    /// No table or view of that name.
    case noSuchTable(String, available: [String])

    /// What went wrong, and what to do where there is something.
    public var description: String {
        switch self {
        case let .libraryMissing(engine, install):
            return "\(engine) is not on this machine: install \(install) (e.g. sudo apt-get install \(install))"
        case let .cannotOpen(path, reason):
            return "\(path): cannot open the database: \(reason)"
        case let .failed(statement, reason):
            return "\(reason) (in: \(statement.count > 120 ? statement.prefix(117) + "…" : Substring(statement)))"
        case .cancelled:
            return "cancelled"
        case let .connectionLost(reason):
            return "the connection to the server was lost: \(reason)"
        case let .noSuchTable(name, available):
            let list = available.prefix(12).joined(separator: ", ") + (available.count > 12 ? ", …" : "")
            return "no table or view named '\(name)'" + (available.isEmpty ? "; the database has none" : "; it has \(list)")
        }
    }
}
