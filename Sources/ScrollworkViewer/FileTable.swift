import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A CSV, TSV, JSON Lines or JSON array file as a `TableSource`: its records read in place
/// from the file as it is indexed, typed from every row found, each call over them done by the
/// library's own passes (the radix sort, the local filter matcher, the exact-median summary).
/// The table grows as it is read (``growth``): a value is the file as far as it was indexed when
/// made, and ``grown(following:progress:)`` indexes the next slice (or, at the end, what was
/// written since), so every screen over any source shows a big file's first rows at once.
///
/// ```swift
/// try Terminal.run(TableViewer(FileTable(path: "flights.csv")))
/// ```
public struct FileTable: TableSource {
    /// How much of the file each ``grown(following:progress:)`` indexes while it is read.
    static let slice = FileIndexing.slice

    let file: FileBytes
    let index: RecordIndex
    let shape: FileShape
    /// What messages call the table: the file's path.
    public let title: String
    /// The rows the last search found: its rows are this value's, fixed while it lives.
    private(set) var searches = KeptSearch<RowMarks>()

    /// `file`'s records as `format` says, the first slice indexed and the columns typed from
    /// the first rows; a missing value is written as one of `missing`'s words.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    init(file: FileBytes, format: FileFormat, missing: MissingValues = .common) throws(FileError) {
        self = try Self.opening(file: file, format: format, missing: missing).table
    }

    /// What opening `file` found: the table, the sample of its first rows that typed its
    /// columns (their widths, for a screen), and its header (or JSON keys).
    static func opening(file: FileBytes, format: FileFormat, missing: MissingValues) throws(FileError) -> (table: FileTable, sample: ColumnSample, header: [String]?) {
        // JSON says "no value" with its own null: a text of "NA" or "" is text there.
        let missing = if case .json = format { missing.withOwnNulls } else { missing }
        let scanner: RecordScanner
        switch format {
        case let .delimited(dialect): scanner = RecordScanner(separator: dialect.separator, quote: dialect.quote)
        case .json(.lines): scanner = RecordScanner(quotes: false, skipsBlankLines: true)
        case .json(.arrayElements): scanner = .jsonArrayElements()
        }
        var index = RecordIndex(scanner: scanner)
        try index.extend(from: file, limit: FileIndexing.firstSlice, chunkSize: FileIndexing.firstSlice)
        // The titles are read from the first records: a first line longer than the slice (the
        // header of 20,000 columns, a JSON line holding a long text) is read whole first, and
        // the next, twice as much each time, as far as the sample that told the separator.
        var more = FileIndexing.firstSlice
        while index.count < 2 && !index.isFinished && more <= FileIndexing.firstLinesLimit {
            try index.extend(from: file, limit: more, chunkSize: more)
            more *= 2
        }
        let header: [String]?, keys: [String]
        switch format {
        case let .delimited(dialect):
            header = DelimitedRows(file: file, index: index, dialect: dialect).header
            keys = []
        case let .json(framing):
            keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<Swift.min(index.count, 1000), after: [], framing: framing)
            header = keys
        }
        let fileRows = FileShape.rows(file: file, index: index, format: format, keys: keys)
        // The file's rows, not its records: the header is not a row to sample.
        let sampled = 0..<Swift.min(fileRows.count, Self.sampleRows(index))
        let sample = ColumnSample(fileRows, in: sampled, missing: missing)
        let expectedFields: Int? = if case .json = format { nil } else { header?.count ?? sample.firstRowFields ?? 1 }
        let count = Swift.max(header?.count ?? 0, sample.widths.count, 1)
        let titles = (0..<count).map { c in header.flatMap { $0.indices.contains(c) && !$0[c].isEmpty ? $0[c] : nil } ?? "Column \(c + 1)" }
        let shape = FileShape(format: format, expectedFields: expectedFields, keys: keys, missing: missing, typing: ColumnTyping(kinds: sample.kinds, typed: sampled.count),
                              fieldTitles: titles, sampleWidths: sample.widths)
        return (FileTable(file: file, index: index, shape: shape, title: file.path), sample, header)
    }

    /// The file at `path` opened as ``OpenFile/opened(path:separator:header:theme:missing:trusting:)``
    /// opens a table (its separator and header detected unless given, compressed and UTF-16
    /// files read as text).
    ///
    /// - Throws: ``OpenFile/Failure`` when the file cannot be read, or is not a table file
    ///   (text, a directory, a database).
    public init(path: String, separator: String? = nil, header: Bool? = nil, missing: MissingValues = .common) throws(OpenFile.Failure) {
        let opened = try OpenFile.opened(path: path, separator: separator, header: header, theme: Theme(), missing: missing)
        if case let .table(viewer) = opened, let table = viewer.source as? FileTable {
            self = table
        } else {
            throw OpenFile.Failure(description: "\(path): not a table file (CSV, TSV, JSON Lines or a JSON array)")
        }
    }

    init(file: FileBytes, index: RecordIndex, shape: FileShape, title: String, arrival: InputArrival? = nil) {
        self.file = file
        self.index = index
        self.shape = shape
        self.title = title
        self.arrival = arrival
        parsers = shape.fieldTitles.indices.map { FieldValues(kind: shape.typing.kinds.kind(ofColumn: $0), missing: shape.missing) }
    }

    /// Standard input (or a FIFO) as it comes, when that is what the file is: kept as it is
    /// read, and the table grows as it comes.
    let arrival: InputArrival?

    /// The most rows sampled for the columns' types and widths.
    static let sampleLimit = 5000

    /// How many rows the columns are sampled from: those in the first 64 KB of the file (and at
    /// least a first screen), at most ``sampleLimit``.
    static func sampleRows(_ index: RecordIndex) -> Int {
        let inSample = index.record(containing: UInt64(FileBytes.sampleSize)) ?? 0
        return Swift.min(index.count, Swift.max(inSample, 60), sampleLimit)
    }

    /// The same table, its bytes standard input coming as `arrival` says.
    func arriving(_ arrival: InputArrival) -> FileTable { FileTable(file: file, index: index, shape: shape, title: title, arrival: arrival) }

    /// How each field's text becomes a value, by the column's type: made once, not for each
    /// row read (a frame reads each row on screen on its own).
    let parsers: [FieldValues]

    /// The rows found so far, read in place.
    var fileRows: FileRows { shape.rows(file: file, index: index) }

    /// The table's field columns, typed by every row typed so far: what sorts, filters and
    /// saves read.
    var fieldColumns: [TableColumn<DelimitedRecord>] {
        shape.fieldTitles.indices.map { c in
            .field(c, title: shape.fieldTitles[c], kind: shape.typing.kinds.kind(ofColumn: c), width: TableColumn<DelimitedRecord>.fieldWidth(content: 0, title: ""),
                   missing: shape.missing, numbersSortAsNumbers: !shape.typing.kinds.holdsSourceText(ofColumn: c))
        }
    }

    /// The rows as the library's passes read them, on every core.
    var rowsTable: RowsTable<FileRows> { rowsTable(concurrently: .processors) }

    /// Refuses a save of a file holding a record longer than a pass reads whole
    /// (`limit`: ``DelimitedRows/passRecordLimit``, 256 MB), which the save would write cut short.
    ///
    /// - Throws: `TableSourceError.failed`, naming the record and its length.
    func refuseRecordsTooLong(limit: Int = DelimitedRows.passRecordLimit) throws(TableSourceError) {
        guard let (record, length) = index.firstRecord(longerThan: limit) else { return }
        let number = shape.hasHeader ? record : record + 1
        throw .failed("record \(grouped(number)) is \(grouped(Int(clamping: length))) bytes long, more than the \(grouped(limit)) bytes one record is read to; nothing was written")
    }

    /// The rows as the library's passes read them (each record read whole), on `loop`'s cores.
    func rowsTable(concurrently loop: ConcurrentLoop) -> RowsTable<FileRows> {
        RowsTable(fileRows.readingRecordsWhole(), columns: fieldColumns, titles: columnTitles, numeric: shape.numeric(Array(columnTitles.indices)), missing: shape.missing,
                  readFiles: readFiles, title: title, concurrently: loop)
    }

    /// The file and what is known of it now, called `title`.
    func titled(_ title: String) -> FileTable { FileTable(file: file, index: index, shape: shape, title: title, arrival: arrival) }

    /// The names of the file's fields: its header, or the JSON keys found so far.
    public var columnTitles: [String] { shape.fieldTitles }
    /// True when every value of field `column` found so far is a number.
    public func isNumeric(_ column: Int) -> Bool { columnTitles.indices.contains(column) && shape.numeric([column])[0] }
    /// The widest of the first rows' values of `column`, or of its numbers found so far where
    /// that is wider (a number cut short reads as another number).
    public func widestValue(ofColumn column: Int) -> Int? {
        guard columnTitles.indices.contains(column) else { return nil }
        let sampled = shape.sampleWidths.indices.contains(column) ? shape.sampleWidths[column] : 0
        return isNumeric(column) ? Swift.max(sampled, shape.typing.kinds.longestNumber(ofColumn: column)) : sampled
    }

    /// The file itself, which a save never replaces.
    public var readFiles: Set<FileIdentity> { Set([file.fileIdentity].compactMap { $0 }) }
    /// Read in place from the file on this machine; a file on a web server is read off the
    /// loop, a page at a time, as its bytes come by range.
    public var readsInPlace: Bool { !file.isRemote }
    /// A row's name is its record's place among the rows, from 0.
    public var namesNumberRows: Bool { true }
    /// Still finding rows while the file is being indexed; watched for what is written to it
    /// once indexed to its end. Standard input still coming, or not read to the end of what
    /// came, is arriving; once all of it is read, settled.
    public var growth: TableGrowth {
        guard index.isFinished else { return .finding(share: Double(index.scanned) / Double(Swift.max(1, file.size))) }
        guard let arrival else { return .watched }
        // Done is read before the size: the size then is the last there will be.
        return !arrival.done || file.size > index.scanned ? .arriving : .settled
    }

    /// How the file is written (its separator, JSON's framing), how far it is indexed, and what
    /// its bytes were read through (a compression, UTF-16, damage).
    public var about: String? {
        var parts = [shape.description]
        if let compression = file.compression {
            parts.append("\(compression), " + (index.isFinished ? "\(finderByteCount(Int(clamping: file.size))) decompressed"
                : "indexing: \(finderByteCount(Int(clamping: index.scanned))) decompressed so far"))
        } else if !index.isFinished {
            parts.append("indexing \((Double(index.scanned) / Double(Swift.max(1, file.size))).wholePercent)%")
        }
        if let encoding = file.encoding { parts.append("\(encoding) text, decoded") }
        if let damage = file.damage { parts.append(damage) }
        if let unclosedEnd { parts.append(unclosedEnd) }
        if let arrival { parts += arrival.statusParts(size: file.size, caughtUp: index.isFinished && file.size <= index.scanned) }
        return parts.joined(separator: " · ")
    }

    /// What is wrong when a quote opens a field that never closes: the rest of the file is read
    /// into that field, as the format says, so the rows after it are not there (a stray quote,
    /// or a file cut short); or when a JSON array never closes (a file cut short); nil for a
    /// file whose quotes and array close.
    var unclosedEnd: String? {
        guard let record = index.unclosedRecord else { return nil }
        if case .json = shape.format { return "the JSON array never closes: the file ends before its ], cut short" }
        let start = index.range(ofRecord: record).lowerBound
        let rest = finderByteCount(Int(clamping: index.scanned - start))
        guard !shape.hasHeader || record > 0 else {
            return "the heading opens a quoted field that never closes: the whole file (\(rest)) is read into it"
        }
        return "row \(grouped(record + (shape.hasHeader ? 0 : 1))) opens a quoted field that never closes: the rest of the file (\(rest)) is read into it"
    }

    /// The rows found so far.
    public func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { fileRows.count }

    /// Rows `positions` of the file's order.
    public func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try rows(named: Array(positions.clamped(to: 0..<fileRows.count)), progress: progress)
    }

    /// The rows `names` name, each field as the file writes it ("007", "605.60"), a missing
    /// word as a missing value; a name past the rows found reads as missing values.
    public func rows(named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try progress.check()
        let rows = fileRows, count = rows.count, parse = parsers
        return names.map { name in
            guard (0..<count).contains(name) else { return Array(repeating: .missing("(deleted)"), count: parse.count) }
            let record = rows.row(at: name)
            // A line that is no object has no value; its first cell says why.
            if record.isUnread { return parse.indices.map { .missing($0 == 0 ? "⚠ " + (record.problem ?? "") : "") } }
            return parse.indices.map { c in
                switch record.shown(c, parse[c]) {
                case .int, .double: return .string(record[c] ?? "")
                case let value: return value
                }
            }
        }
    }

    /// The records with more fields than the header names (or than the first record has), and
    /// those read in part: a record of more than a megabyte, or one the file no longer holds.
    /// A record with fewer fields is not marked: writers often leave empty fields off a
    /// record's end, and its missing fields read as empty, as a spreadsheet reads them.
    public func problems(ofRowsNamed names: [Int], progress: TableProgress) throws(TableSourceError) -> [String?] {
        try progress.check()
        let rows = fileRows, count = rows.count
        return names.map { name in (0..<count).contains(name) ? problem(of: rows.row(at: name)) : nil }
    }

    /// What is wrong with `record`, if anything.
    private func problem(of record: DelimitedRecord) -> String? {
        if let problem = record.problem { return problem }
        guard let expected = shape.expectedFields, record.fields.count > expected else { return nil }
        return "\(record.fields.count) fields, where the header names \(expected)"
    }

    /// Record `name` read up to 16 MB (a row on screen reads a megabyte), each field as the file
    /// writes it, and what is wrong with it.
    public func wholeRow(named name: Int, progress: TableProgress) throws(TableSourceError) -> (values: [TableValue], problem: String?) {
        try progress.check()
        let rows = fileRows
        guard (0..<rows.count).contains(name) else { return (Array(repeating: .missing("(deleted)"), count: columnTitles.count), nil) }
        let record: DelimitedRecord
        switch rows {
        case let .delimited(file): record = file.record(name.addingSaturating(shape.hasHeader ? 1 : 0), limit: Self.wholeRowLimit)
        case let .json(file): record = file.row(at: name)
        }
        let values = columnTitles.indices.map { c in record.null(c) ?? record[c].map { $0.isEmpty ? TableValue.empty : .string($0) } ?? .empty }
        return (values, problem(of: record))
    }

    /// The most of one record ``wholeRow(named:progress:)`` reads.
    static let wholeRowLimit = 16 << 20

    /// Counted in place.
    public func count(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> Int {
        try rowsTable.count(where: filters, progress: progress)
    }

    /// Filtered in place and sorted by the columns' types, as a heading click sorts a file.
    public func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder {
        try rowsTable.rowNames(where: filters, orderedBy: order, progress: progress)
    }

    /// Tested on the fields read in place.
    public func rowNames(_ names: [Int], holding text: String, progress: TableProgress) throws(TableSourceError) -> Set<Int> {
        try progress.check()
        let test = try RowFilter.searching(text)
        let rows = fileRows, found = names.filter { (0..<rows.count).contains($0) }
        // Safe: a row's fields are lent for the closure's call and read only inside it.
        let hits = unsafe rows.fields(at: found) { _, fields in unsafe (0..<fields.count).contains { unsafe test.passes(fields[$0]) } }
        return Set(zip(found, hits).lazy.filter(\.1).map(\.0))
    }

    /// In any order: the file's bytes are read once at memory speed for the rows that may hold
    /// the text (a JSON row whose strings have escapes, or that nests arrays or objects, always
    /// may), and only those rows' fields are tested, in the order shown.
    public func firstPlace(among names: [Int], holding text: String, forward: Bool, progress: TableProgress) throws(TableSourceError) -> Int? {
        let marks = try rowsHolding(text, in: fileRows, progress: progress)
        let places = forward ? Array(names.indices) : names.indices.reversed()
        return try firstHolding(text, among: places.filter { marks.contains(names[$0]) }, names: names, progress: progress)
    }

    /// The rows of `file` whose bytes hold `text` as typed or as the file spells it (a quote
    /// doubled, a JSON escape), with the JSON rows that may show otherwise: a superset of those
    /// whose fields hold it.
    private func rowsHolding(_ text: String, in file: FileRows, progress: TableProgress) throws(TableSourceError) -> RowMarks {
        if let kept = searches.marks(for: text) { return kept }
        let marks: RowMarks?
        do { marks = try file.rowsHolding(text, progress: progress.report) } catch { throw .failed("\(error)") }
        guard let marks else { throw .cancelled }
        searches.keep(marks, for: text)
        return marks
    }

    /// The first of `places` (into `names`) whose row's fields hold `text`, tested a few
    /// thousand at a time (``rowNames(_:holding:progress:)``).
    private func firstHolding(_ text: String, among places: [Int], names: [Int], progress: TableProgress) throws(TableSourceError) -> Int? {
        for start in stride(from: 0, to: places.count, by: 4096) {
            let batch = places[start..<Swift.min(places.count, start + 4096)]
            let matched = try rowNames(batch.map { names[$0] }, holding: text, progress: progress)
            if let hit = batch.first(where: { matched.contains(names[$0]) }) { return hit }
        }
        return nil
    }

    /// Counted in place.
    public func frequency(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        try rowsTable.frequency(ofColumn: column, where: filters, progress: progress)
    }

    /// Read in place, medians exact.
    public func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        try rowsTable.summary(where: filters, progress: progress)
    }

    /// Written from the file's own bytes.
    public func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
                      progress: TableProgress) throws(TableSourceError) -> Int {
        try refuseRecordsTooLong()
        return try rowsTable.write(where: filters, orderedBy: order, columns: columns, format: format, to: output, progress: progress)
    }

    /// Written from the file's own bytes, in the order shown.
    public func write(names: RowOrder?, count: Int, where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat,
                      to output: OutputFile, progress: TableProgress) throws(TableSourceError) -> Int {
        try refuseRecordsTooLong()
        return try rowsTable.write(names: names, count: count, where: filters, orderedBy: order, columns: columns, format: format, to: output, progress: progress)
    }
}
