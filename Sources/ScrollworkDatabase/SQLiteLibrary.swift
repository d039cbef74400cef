/// The functions of the system's SQLite library, found when a database is opened rather than
/// when the program is linked: `scrollwork` builds with Swift alone, and a machine without
/// SQLite is told what to install instead of failing to start.
@safe struct SQLiteLibrary: @unchecked Sendable {
    // The library's C functions, with the types sqlite3.h gives them. Unchecked Sendable: C
    // function pointers into a library that stays loaded for the life of the process. Safe to
    // hold for the same reason; each call through one is marked `unsafe` where it is made.
    typealias Handle = OpaquePointer
    let open: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Handle?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let close: @convention(c) (Handle?) -> Int32
    let errmsg: @convention(c) (Handle?) -> UnsafePointer<CChar>?
    let prepare: @convention(c) (Handle?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Handle?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let step: @convention(c) (Handle?) -> Int32
    let finalize: @convention(c) (Handle?) -> Int32
    let columnCount: @convention(c) (Handle?) -> Int32
    let columnName: @convention(c) (Handle?, Int32) -> UnsafePointer<CChar>?
    let columnType: @convention(c) (Handle?, Int32) -> Int32
    let columnInt64: @convention(c) (Handle?, Int32) -> Int64
    let columnDouble: @convention(c) (Handle?, Int32) -> Double
    let columnText: @convention(c) (Handle?, Int32) -> UnsafePointer<UInt8>?
    let columnBlob: @convention(c) (Handle?, Int32) -> UnsafeRawPointer?
    let columnBytes: @convention(c) (Handle?, Int32) -> Int32
    let bindInt64: @convention(c) (Handle?, Int32, Int64) -> Int32
    let bindDouble: @convention(c) (Handle?, Int32, Double) -> Int32
    let bindText: @convention(c) (Handle?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
    let bindNull: @convention(c) (Handle?, Int32) -> Int32
    let interrupt: @convention(c) (Handle?) -> Void
    let progressHandler: @convention(c) (Handle?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?, UnsafeMutableRawPointer?) -> Void
    let busyTimeout: @convention(c) (Handle?, Int32) -> Int32
    // SQL functions of our own (``NumberFunction``).
    typealias Function = @convention(c) (Handle?, Int32, UnsafeMutablePointer<Handle?>?) -> Void
    let createFunction: @convention(c) (Handle?, UnsafePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?, Function?, Function?,
                                        (@convention(c) (Handle?) -> Void)?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32
    let userData: @convention(c) (Handle?) -> UnsafeMutableRawPointer?
    let valueType: @convention(c) (Handle?) -> Int32
    let valueDouble: @convention(c) (Handle?) -> Double
    let valueInt64: @convention(c) (Handle?) -> Int64
    let valueText: @convention(c) (Handle?) -> UnsafePointer<UInt8>?
    let valueBytes: @convention(c) (Handle?) -> Int32
    let resultDouble: @convention(c) (Handle?, Double) -> Void
    let resultInt64: @convention(c) (Handle?, Int64) -> Void
    let resultNull: @convention(c) (Handle?) -> Void

    static let ok: Int32 = 0, row: Int32 = 100, done: Int32 = 101, interrupted: Int32 = 9
    static let integer: Int32 = 1, float: Int32 = 2, text: Int32 = 3, blob: Int32 = 4, null: Int32 = 5
    /// SQLITE_UTF8 | SQLITE_DETERMINISTIC: a function of its argument alone, which SQLite may
    /// compute once for a constant.
    static let deterministicUTF8: Int32 = 1 | 0x800
    static let openReadOnly: Int32 = 0x1, openReadWrite: Int32 = 0x2, openCreate: Int32 = 0x4, openURI: Int32 = 0x40, openFullMutex: Int32 = 0x10000
    /// SQLITE_TRANSIENT: the library copies bound text before the call returns.
    static let transient = -1

    /// The library, loaded once for the process (SQL functions of our own call back into it),
    /// or the error saying what to install.
    static let shared = Result<SQLiteLibrary, DatabaseError> { () throws(DatabaseError) in try load() }

    /// The library, loaded; an error saying what to install when it is not on the machine.
    private static func load() throws(DatabaseError) -> SQLiteLibrary {
        #if canImport(Darwin)
        let library = try SharedLibrary(names: ["libsqlite3.dylib"], engine: "SQLite", install: "libsqlite3-0")
        #else
        let library = try SharedLibrary(names: ["libsqlite3.so.0", "libsqlite3.so"], engine: "SQLite", install: "libsqlite3-0")
        #endif
        return unsafe SQLiteLibrary(
            open: try library.symbol("sqlite3_open_v2"),
            close: try library.symbol("sqlite3_close_v2"),
            errmsg: try library.symbol("sqlite3_errmsg"),
            prepare: try library.symbol("sqlite3_prepare_v2"),
            step: try library.symbol("sqlite3_step"),
            finalize: try library.symbol("sqlite3_finalize"),
            columnCount: try library.symbol("sqlite3_column_count"),
            columnName: try library.symbol("sqlite3_column_name"),
            columnType: try library.symbol("sqlite3_column_type"),
            columnInt64: try library.symbol("sqlite3_column_int64"),
            columnDouble: try library.symbol("sqlite3_column_double"),
            columnText: try library.symbol("sqlite3_column_text"),
            columnBlob: try library.symbol("sqlite3_column_blob"),
            columnBytes: try library.symbol("sqlite3_column_bytes"),
            bindInt64: try library.symbol("sqlite3_bind_int64"),
            bindDouble: try library.symbol("sqlite3_bind_double"),
            bindText: try library.symbol("sqlite3_bind_text"),
            bindNull: try library.symbol("sqlite3_bind_null"),
            interrupt: try library.symbol("sqlite3_interrupt"),
            progressHandler: try library.symbol("sqlite3_progress_handler"),
            busyTimeout: try library.symbol("sqlite3_busy_timeout"),
            createFunction: try library.symbol("sqlite3_create_function_v2"),
            userData: try library.symbol("sqlite3_user_data"),
            valueType: try library.symbol("sqlite3_value_type"),
            valueDouble: try library.symbol("sqlite3_value_double"),
            valueInt64: try library.symbol("sqlite3_value_int64"),
            valueText: try library.symbol("sqlite3_value_text"),
            valueBytes: try library.symbol("sqlite3_value_bytes"),
            resultDouble: try library.symbol("sqlite3_result_double"),
            resultInt64: try library.symbol("sqlite3_result_int64"),
            resultNull: try library.symbol("sqlite3_result_null")
        )
    }
}
