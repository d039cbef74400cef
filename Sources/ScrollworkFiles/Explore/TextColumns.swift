import Scrollwork

/// A batch of rows' values as text, kept a column at a time in one buffer: what a save writes,
/// with no array or string made a row. Values may be set in any order (a columnar source fills a
/// column a row group at a time, each group's rows wherever the view shows them); a value never
/// set is null, which a save writes as an empty field in CSV and TSV and as `null` in JSON Lines
/// and Parquet, apart from an empty text.
public struct TextColumns: Sendable {
    /// The rows of the batch.
    public let rowCount: Int
    /// The columns of the batch.
    public let columnCount: Int
    /// Every value's bytes, in the order set.
    private var bytes: [UInt8] = []
    /// Where each value's bytes start in ``bytes``, a column's rows after the one before's.
    private var starts: [Int]
    /// How many bytes each value has; -1 for null.
    private var lengths: [Int32]

    /// The most values a batch holds: a batch's rows are as many as fit with its columns.
    public static let mostValues = 1 << 24

    /// A batch of `columns` columns of `rows` rows, every value null. A negative count is 0;
    /// the columns are at most ``mostValues``, and the rows at most as many as fit with them
    /// (``rowCount`` says how many the batch holds).
    public init(columns: Int, rows: Int) {
        columnCount = columns.clamped(to: 0...Self.mostValues)
        rowCount = rows.clamped(to: 0...(Self.mostValues / Swift.max(1, columnCount)))
        starts = [Int](repeating: 0, count: columnCount * rowCount)
        lengths = [Int32](repeating: -1, count: columnCount * rowCount)
    }

    /// Makes room for `count` more bytes of text at once (clamped to 0 and to what the values
    /// could hold): where the text's length is known before it is written, the bytes are not
    /// grown by doubling, which holds them up to three times over while they move.
    mutating func reserveText(_ count: Int) {
        let room = count.clamped(to: 0...(Self.mostValues * 64))
        bytes.reserveCapacity(bytes.count.addingSaturating(room))
    }

    /// `rows` (each a value a column, nil a null) as a batch of `columns` columns: a row's
    /// values past them are left out, a short row's missing ones are null.
    public init(rows: [[String?]], columns: Int) {
        self.init(columns: columns, rows: rows.count)
        for (r, row) in rows.enumerated() {
            for (c, text) in row.prefix(columnCount).enumerated() { set(text, column: c, row: r) }
        }
    }

    /// `rows` of values made text (a missing value null) as a batch of `columns` columns.
    public init(values rows: [[TableValue]], columns: Int) {
        self.init(columns: columns, rows: rows.count)
        for (r, row) in rows.enumerated() {
            for (c, value) in row.prefix(columnCount).enumerated() { set(value.presentText, column: c, row: r) }
        }
    }

    /// The place of column `column`'s value in row `row`; nil outside the batch.
    private func cell(_ column: Int, _ row: Int) -> Int? {
        guard column >= 0, column < columnCount, row >= 0, row < rowCount else { return nil }
        return column * rowCount + row
    }

    /// Sets column `column`'s value in row `row` to `text` (nil: null). A place outside the
    /// batch is left alone.
    public mutating func set(_ text: String?, column: Int, row: Int) {
        guard var text else {
            if let cell = cell(column, row) { lengths[cell] = -1 }
            return
        }
        // Safe: the text's bytes are lent for the call, which copies them.
        text.withUTF8 { unsafe set(bytes: $0, column: column, row: row) }
    }

    /// Sets column `column`'s value in row `row` to the text `bytes` spell (UTF-8). A place
    /// outside the batch, or a value of 2 GB or more, is left alone.
    public mutating func set<Bytes: Collection<UInt8>>(bytes text: Bytes, column: Int, row: Int) {
        guard let cell = cell(column, row), text.count < Int(Int32.max) else { return }
        starts[cell] = bytes.count
        lengths[cell] = Int32(text.count)
        bytes.append(contentsOf: text)
    }

    /// Sets column `column`'s value in row `row` to the text `write` appends to the batch's
    /// bytes (and nothing else). A place outside the batch is left alone.
    mutating func set(column: Int, row: Int, writing write: (inout [UInt8]) -> Void) {
        guard let cell = cell(column, row) else { return }
        let start = bytes.count
        write(&bytes)
        starts[cell] = start
        lengths[cell] = Int32(clamping: bytes.count - start)
    }

    /// Sets column `column`'s value in row `row` to `number` written in decimal digits (as
    /// `String(number)` writes it). A place outside the batch is left alone.
    public mutating func set(_ number: Int, column: Int, row: Int) {
        guard let cell = cell(column, row) else { return }
        let start = bytes.count
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendDigits(of: UInt64(number.magnitude))
        starts[cell] = start
        lengths[cell] = Int32(bytes.count - start)
    }

    /// Sets column `column`'s value in row `places[k]` to `piece`'s first column's in row `k`,
    /// for each row of `piece` that `places` names (a null stays null): the piece's bytes are
    /// taken over whole, in one copy. A place outside the batch is left alone.
    mutating func set(column: Int, rows places: some Collection<Int>, from piece: TextColumns) {
        guard piece.columnCount > 0 else { return }
        let base = bytes.count
        bytes.append(contentsOf: piece.bytes)
        // The piece's first column's cells are its rows.
        for (row, place) in zip(0..<piece.rowCount, places) {
            guard let cell = cell(column, place) else { continue }
            starts[cell] = base + piece.starts[row]
            lengths[cell] = piece.lengths[row]
        }
    }

    /// The bytes of every value's text together.
    var textBytes: Int { bytes.count }

    /// Column `column`'s value in row `row` (invalid UTF-8 as U+FFFD); nil for a null or a place
    /// outside the batch.
    public func text(column: Int, row: Int) -> String? {
        guard let cell = cell(column, row), lengths[cell] >= 0 else { return nil }
        return String(decoding: bytes[starts[cell]..<starts[cell] + Int(lengths[cell])], as: UTF8.self)
    }

    /// Every row's values as text, a row an array (what a Parquet save's rows are made of).
    public var rows: [[String?]] { (0..<rowCount).map { r in (0..<columnCount).map { text(column: $0, row: r) } } }

    /// Calls `body` with a reader of the values in place (column, row: the bytes, nil for a null),
    /// valid only inside it.
    func withValues<T>(_ body: (_ value: (Int, Int) -> UnsafeBufferPointer<UInt8>?) -> T) -> T {
        // The arrays lent as buffers once, so that reading a value retains none of them.
        let columns = columnCount, rows = rowCount
        // Safe: the arrays are lent for the body's call; a cell is checked inside the batch, and
        // its bytes are `starts[cell]` on for `length`, the place `set` copied them to, inside
        // `bytes`.
        return unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe starts.withUnsafeBufferPointer { starts in
                unsafe lengths.withUnsafeBufferPointer { lengths in
                    unsafe body { column, row in
                        guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
                        let cell = column * rows + row, length = unsafe Int(lengths[cell])
                        guard length >= 0 else { return nil }
                        return unsafe UnsafeBufferPointer(rebasing: buffer[starts[cell]..<starts[cell] + length])
                    }
                }
            }
        }
    }

    /// Calls `body` with every value's bytes and where each value is among them (column, row:
    /// nil for a null), valid only inside it.
    func withSpans<T>(_ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ span: (Int, Int) -> (start: Int, count: Int)?) -> T) -> T {
        // Safe: the bytes are lent for the body's call, with the places `set` copied each value to.
        unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe body(buffer) { column, row in
                guard let cell = cell(column, row), lengths[cell] >= 0 else { return nil }
                return (starts[cell], Int(lengths[cell]))
            }
        }
    }
}

extension [UInt8] {
    /// Appends `n`'s decimal digits, zeros before them up to `width` digits: from the first
    /// digit on, a byte at a time (writing them from the last and reversing a slice of the
    /// array would copy it, and appending a run of placeholders is a generic call).
    mutating func appendDigits(of n: UInt64, atLeast width: Int = 1) {
        // Two digits (a month, a day, a clock's fields), the most written, without a loop.
        if n < 100, width <= 2 {
            if n >= 10 || width == 2 { append(UInt8(ascii: "0") + UInt8(n / 10)) }
            append(UInt8(ascii: "0") + UInt8(n % 10))
            return
        }
        var count = 1, divisor: UInt64 = 1
        while count < 20, n >= divisor * 10 {
            divisor *= 10
            count += 1
        }
        if width > count { for _ in count..<width { append(UInt8(ascii: "0")) } }
        var rest = n
        while true {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            guard divisor > 1 else { return }
            divisor /= 10
        }
    }
}
