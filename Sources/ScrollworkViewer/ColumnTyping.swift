import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The types of a file's columns from every value: the first frame types them from the first
/// rows, and each slice the index finds is typed as the table grows (``FileTable``), so that a
/// word far down a column of numbers makes it text.
struct ColumnTyping {
    /// What every row typed so far holds.
    private(set) var kinds: ColumnKinds
    /// The rows typed so far in every column: `0..<typed`.
    private(set) var typed: Int
    /// Columns typed further than ``typed``, each to the row it reached: a batch run types only
    /// the columns its recipe reads, whose kinds alone it uses.
    private(set) var ahead: [Int: Int] = [:]

    /// Typing that starts from `kinds`, what rows `0..<typed` hold.
    init(kinds: ColumnKinds, typed: Int) {
        self.kinds = kinds
        self.typed = Swift.max(0, typed)
    }

    /// The rows column `column` is typed through: `0..<typedRows(ofColumn:)`.
    func typedRows(ofColumn column: Int) -> Int { Swift.max(typed, ahead[column] ?? 0) }

    /// The most columns typed alone, each read by itself: reading more apart costs more than
    /// splitting each record once (a save of every column as JSON Lines took three times as
    /// long, its 19 fields read one at a time).
    static let mostTypedAlone = 3

    /// Every row not typed yet typed at once, on `loop`'s cores: in every column, or in
    /// `columns` alone when given and they are ``mostTypedAlone`` or fewer (a delimited file's:
    /// each read by itself, where the others are not split; JSON rows are typed whole, a
    /// string's number being text). Rows fewer than were typed (a file read again from its
    /// start) start the typing again.
    mutating func typeToEnd(_ rows: FileRows, only columns: [Int]? = nil, concurrently loop: ConcurrentLoop) {
        if rows.count < typed || ahead.values.contains(where: { $0 > rows.count }) {
            (kinds, typed, ahead) = (ColumnKinds(missing: kinds.missing), 0, [:])
        }
        guard let columns, Set(columns).count <= Self.mostTypedAlone, case .delimited = rows else {
            guard typed < rows.count, let found = ColumnKinds.reading(rows, in: typed..<rows.count, missing: kinds.missing, concurrently: loop) else { return }
            kinds.merge(found)
            (typed, ahead) = (rows.count, [:])
            return
        }
        let behind = columns.filter { $0 >= 0 && typedRows(ofColumn: $0) < rows.count }
        guard let from = behind.map(typedRows(ofColumn:)).min(),
              let found = ColumnKinds.reading(rows, fields: behind, in: from..<rows.count, missing: kinds.missing, concurrently: loop) else { return }
        // Rows typed twice add nothing: what a column has held only grows.
        kinds.merge(found)
        for column in behind { ahead[column] = rows.count }
    }
}

/// What the first rows of a file say of each column before the first frame: its kind and its
/// widest present value, read from the fields' bytes with no string made for each.
struct ColumnSample {
    var kinds: ColumnKinds
    /// The cells the widest value of each field takes, a missing one (`NA`, `null`) as written,
    /// which is how it shows.
    var widths: [Int] = []
    /// The fields of the first row, nil for no row.
    var firstRowFields: Int? = nil

    /// The sample of `rows` `range`.
    init(_ rows: FileRows, in range: Range<Int>, missing: MissingValues) {
        var kinds = ColumnKinds(missing: missing)
        var widths: [Int] = []
        var first: Int? = nil
        // Safe: a row's fields are lent for the closure's call and read only inside it.
        unsafe rows.eachRow(in: range) { fields in
            unsafe kinds.add(fields)
            if first == nil { first = unsafe fields.count }
            if unsafe fields.count > widths.count { unsafe widths += [Int](repeating: 0, count: fields.count - widths.count) }
            for c in unsafe 0..<fields.count {
                // A null shows as JSON writes it: a column of them is not cut to `n…`.
                guard let bytes = unsafe fields[c] else {
                    widths[c] = Swift.max(widths[c], Self.nullWidth)
                    continue
                }
                guard !bytes.isEmpty, bytes.count > widths[c] else { continue }
                widths[c] = unsafe Swift.max(widths[c], Self.width(of: bytes))
            }
        }
        self.kinds = kinds
        self.widths = widths
        firstRowFields = first
    }

    /// The cells a null takes: `null`, as JSON writes it and a row read whole shows it.
    private static let nullWidth = "null".utf8.count

    /// The cells `bytes` take on screen: printable ASCII a cell a byte, anything else as its
    /// text measures.
    private static func width(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // Safe: the caller's bytes, read inside their count.
        unsafe bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? bytes.count : unsafe displayWidth(String(decoding: bytes, as: UTF8.self))
    }
}
