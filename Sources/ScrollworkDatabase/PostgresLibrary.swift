/// The functions of the system's libpq (PostgreSQL's client library), found when a server is
/// opened rather than when the program is linked: `scrollwork` builds with Swift alone, and a
/// machine without libpq is told what to install.
@safe struct PostgresLibrary: @unchecked Sendable {
    // Unchecked Sendable, and safe to hold: C function pointers into a library that stays
    // loaded. Each call through one is marked `unsafe` where it is made.
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
        let library = try SharedLibrary(names: ["libpq.5.dylib", "libpq.dylib"], engine: "PostgreSQL's client library (libpq)", install: "libpq5")
        #else
        let library = try SharedLibrary(names: ["libpq.so.5", "libpq.so"], engine: "PostgreSQL's client library (libpq)", install: "libpq5")
        #endif
        return unsafe PostgresLibrary(
            connect: try library.symbol("PQconnectdb"), status: try library.symbol("PQstatus"), errorMessage: try library.symbol("PQerrorMessage"),
            finish: try library.symbol("PQfinish"), sendQueryParams: try library.symbol("PQsendQueryParams"), getResult: try library.symbol("PQgetResult"),
            consumeInput: try library.symbol("PQconsumeInput"), isBusy: try library.symbol("PQisBusy"), socket: try library.symbol("PQsocket"),
            resultStatus: try library.symbol("PQresultStatus"), resultErrorMessage: try library.symbol("PQresultErrorMessage"),
            resultErrorField: try library.symbol("PQresultErrorField"), tupleCount: try library.symbol("PQntuples"), fieldCount: try library.symbol("PQnfields"),
            fieldName: try library.symbol("PQfname"), fieldType: try library.symbol("PQftype"), value: try library.symbol("PQgetvalue"),
            isNull: try library.symbol("PQgetisnull"), length: try library.symbol("PQgetlength"), clear: try library.symbol("PQclear"),
            getCancel: try library.symbol("PQgetCancel"), cancel: try library.symbol("PQcancel"), freeCancel: try library.symbol("PQfreeCancel")
        )
    }
}
