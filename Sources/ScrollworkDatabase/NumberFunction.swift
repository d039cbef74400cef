import ScrollworkFiles

/// `scrollwork_real(x)`, an SQL function each SQLite connection is given: the number `x` is
/// by `NumberText`'s rule (an integer or a real as it is; text read as a file's field is
/// read), or NULL. The filters' numeric tests call it, so that SQLite keeps exactly the rows a
/// file of the same values keeps (`5.` equals 5, `0x10` and `" 8"` are text). A whole number
/// stays one (text of one too, within 64 bits), which SQLite compares exactly with another
/// and with a real, as a file's filter compares 9007199254740993 with …992 (``FilterNumber``).
enum NumberFunction {
    /// The function's name in SQL.
    static let name = "scrollwork_real"

    /// Gives the connection `handle` the function; false when SQLite refuses it.
    static func register(on handle: OpaquePointer, library: SQLiteLibrary) -> Bool {
        unsafe library.createFunction(handle, name, 1, SQLiteLibrary.deterministicUTF8, nil, call, nil, nil, nil) == SQLiteLibrary.ok
    }

    /// The C callback: the library it calls back into is the one loaded once for the process,
    /// which a connection that runs the function has loaded already.
    private static let call: SQLiteLibrary.Function = { context, count, values in
        // Safe: SQLite passes `count` values, each valid for this call, and a text's bytes are
        // `valueBytes` long; the result is set before the call returns.
        guard case let .success(library) = SQLiteLibrary.shared, count == 1, let value = unsafe values?.pointee else { return }
        switch unsafe library.valueType(value) {
        case SQLiteLibrary.integer:
            unsafe library.resultInt64(context, library.valueInt64(value))
        case SQLiteLibrary.float:
            unsafe library.resultDouble(context, library.valueDouble(value))
        case SQLiteLibrary.text:
            let length = unsafe Int(library.valueBytes(value))
            guard let text = unsafe library.valueText(value) else { return unsafe library.resultNull(context) }
            let bytes = unsafe UnsafeBufferPointer(start: text, count: length)
            if let n = unsafe NumberText.integer(bytes) { return unsafe library.resultInt64(context, Int64(n)) }
            guard let x = unsafe NumberText.real(bytes) else { return unsafe library.resultNull(context) }
            unsafe library.resultDouble(context, x)
        default:
            unsafe library.resultNull(context)
        }
    }
}
