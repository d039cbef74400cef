#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The functions of the system's libpq (PostgreSQL's client library), found when a server is
/// opened rather than when the program is linked: `scrollwork` builds with Swift alone, and a
/// machine without libpq is told what to install.
struct PostgresLibrary: @unchecked Sendable {
    // Unchecked Sendable: C function pointers into a library that stays loaded.
    typealias Handle = OpaquePointer
    let connect: @convention(c) (UnsafePointer<CChar>?) -> Handle?
    let status: @convention(c) (Handle?) -> Int32
    let errorMessage: @convention(c) (Handle?) -> UnsafePointer<CChar>?
    let finish: @convention(c) (Handle?) -> Void
    let sendQueryParams: @convention(c) (Handle?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?,
                                         UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
    let getResult: @convention(c) (Handle?) -> Handle?
    let consumeInput: @convention(c) (Handle?) -> Int32
    let isBusy: @convention(c) (Handle?) -> Int32
    let socket: @convention(c) (Handle?) -> Int32
    let resultStatus: @convention(c) (Handle?) -> Int32
    let resultErrorMessage: @convention(c) (Handle?) -> UnsafePointer<CChar>?
    let resultErrorField: @convention(c) (Handle?, Int32) -> UnsafePointer<CChar>?
    let tupleCount: @convention(c) (Handle?) -> Int32
    let fieldCount: @convention(c) (Handle?) -> Int32
    let fieldName: @convention(c) (Handle?, Int32) -> UnsafePointer<CChar>?
    let fieldType: @convention(c) (Handle?, Int32) -> UInt32
    let value: @convention(c) (Handle?, Int32, Int32) -> UnsafePointer<CChar>?
    let isNull: @convention(c) (Handle?, Int32, Int32) -> Int32
    let length: @convention(c) (Handle?, Int32, Int32) -> Int32
    let clear: @convention(c) (Handle?) -> Void
    let getCancel: @convention(c) (Handle?) -> Handle?
    let cancel: @convention(c) (Handle?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    let freeCancel: @convention(c) (Handle?) -> Void

    static let connectionOK: Int32 = 0
    static let commandOK: Int32 = 1, tuplesOK: Int32 = 2
    /// PG_DIAG_SQLSTATE.
    static let sqlState: Int32 = 67

    /// The library, loaded; an error saying what to install when it is not on the machine.
    static func load() throws(DatabaseError) -> PostgresLibrary {
        #if canImport(Darwin)
        let names = ["libpq.5.dylib", "libpq.dylib"]
        #else
        let names = ["libpq.so.5", "libpq.so"]
        #endif
        guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            throw .libraryMissing(engine: "PostgreSQL's client library (libpq)", install: "libpq5")
        }
        func symbol<T>(_ name: String) throws(DatabaseError) -> T {
            guard let found = dlsym(library, name) else { throw .libraryMissing(engine: "libpq 10 or newer (\(name))", install: "libpq5") }
            return unsafeBitCast(found, to: T.self)
        }
        return PostgresLibrary(
            connect: try symbol("PQconnectdb"), status: try symbol("PQstatus"), errorMessage: try symbol("PQerrorMessage"),
            finish: try symbol("PQfinish"), sendQueryParams: try symbol("PQsendQueryParams"), getResult: try symbol("PQgetResult"),
            consumeInput: try symbol("PQconsumeInput"), isBusy: try symbol("PQisBusy"), socket: try symbol("PQsocket"),
            resultStatus: try symbol("PQresultStatus"), resultErrorMessage: try symbol("PQresultErrorMessage"),
            resultErrorField: try symbol("PQresultErrorField"), tupleCount: try symbol("PQntuples"), fieldCount: try symbol("PQnfields"),
            fieldName: try symbol("PQfname"), fieldType: try symbol("PQftype"), value: try symbol("PQgetvalue"),
            isNull: try symbol("PQgetisnull"), length: try symbol("PQgetlength"), clear: try symbol("PQclear"),
            getCancel: try symbol("PQgetCancel"), cancel: try symbol("PQcancel"), freeCancel: try symbol("PQfreeCancel")
        )
    }
}
