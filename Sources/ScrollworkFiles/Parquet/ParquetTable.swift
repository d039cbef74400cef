import Scrollwork

/// A Parquet file as a ``TableSource``, read lazily: opening reads the footer alone; a row is
/// reached through the row groups' row counts, and only the column chunks of the row groups on
/// screen are read and decoded, each once while it stays in a bounded cache. Every type a
/// writer uses is shown as text a person reads (``TableSource/rows(at:progress:)``): numbers
/// as numbers, decimals exactly, dates and timestamps in ISO 8601, binary as hex, nested
/// lists, structs and maps as compact JSON in one cell; a null is a missing value, `NULL`.
public struct ParquetTable: TableSource {
    /// The file.
    public let file: FileBytes
    /// What messages call it: the file's path.
    public let title: String
    /// Its footer: read as far as the first row group, the rest on a thread of its own when long.
    let footer: ParquetFooter
    let root: ParquetSchemaNode
    let cache: ParquetCache
    /// What the last `/` found.
    let searches = KeptSearch<[Bool]>()
    /// The first rows, where ``readAhead(firstRows:)`` asked for them.
    let ahead = ParquetRowsAhead()
    /// The cores a summary runs on, a column on each (one, unless the host lends more).
    public var loop = ConcurrentLoop.serial
    /// The most rows a sort by one column holds in memory (about 12 bytes a row at its peak, so
    /// 12,582,912 rows stay under 200 MB), and a sort by several this many divided by their
    /// count (a column of text not from dictionaries counts as about ten: some 120 bytes a row
    /// besides its own): a sort of more rows by up to eight columns of text, bytes, whole
    /// numbers, reals, decimals of up to 18 digits, booleans, dates, times or timestamps sorts
    /// them ``rowsSortedAtOnce`` at a time and merges them, the runs and the order kept in
    /// temporary files, so that a file of any length sorts in about the same memory (a third
    /// slower than in memory). At least 1.
    public var rowsSortedInMemory = 12 << 20
    /// The rows of each piece a sort of more than ``rowsSortedInMemory`` sorts at once (some 30
    /// bytes a row). At least 1.
    public var rowsSortedAtOnce = 1 << 20

    /// The bytes of decoded column chunks kept at most (the least recently read go first):
    /// enough for the pages of every column a summary reads on two cores, and for the sort
    /// column's pages of ten million rows while its rows are written in their new order.
    public static let cacheLimit = 64 << 20

    /// The bytes that open and close a Parquet file.
    static let magic: [UInt8] = Array("PAR1".utf8)

    /// True when `start`, a file's first bytes, opens as a Parquet file does (`PAR1`).
    public static func startsParquet(_ start: some Collection<UInt8>) -> Bool { startsParquet(Array(start.prefix(magic.count))) }

    /// True when `start`, a file's first bytes, opens as a Parquet file does (`PAR1`). (Arrays,
    /// what a file's first bytes are read as, apart: the generic form, run unspecialised, cost
    /// a first screen 200,000 instructions.)
    public static func startsParquet(_ start: [UInt8]) -> Bool {
        start.count >= magic.count && zip(start, magic).allSatisfy { $0 == $1 }
    }

    /// The Parquet file at `path`.
    ///
    /// - Throws: ``ParquetError`` when it cannot be read or is not a Parquet file, saying why.
    public init(path: String) throws(ParquetError) {
        do { try self.init(file: FileBytes(path: path)) } catch let error as ParquetError { throw error } catch {
            throw ParquetError(path: path, reason: "\(error)")
        }
    }

    /// The Parquet file `file`.
    ///
    /// - Throws: ``ParquetError`` when it is not a Parquet file, or its footer is damaged.
    public init(file: FileBytes) throws(ParquetError) {
        try self.init(file: file, footerReadAtOnceBelow: ParquetFooter.readAtOnceBelow)
    }

    /// The Parquet file `file`, its footer read past the first row group apart, by `readRest`
    /// (on a new thread), when it is `footerReadAtOnceBelow` bytes or longer (tests take a short
    /// one so, and hold the read).
    init(file: FileBytes, footerReadAtOnceBelow: Int, readRest: (@escaping @Sendable () -> Void) -> Bool = ThreadBody.detach) throws(ParquetError) {
        self.file = file
        title = file.path
        let size = file.size
        func failure(_ reason: String) -> ParquetError { ParquetError(path: file.path, reason: reason) }
        guard size >= 12 else { throw failure("it is \(size) bytes, too short for a Parquet file (PAR1, a footer, PAR1)") }
        let tail: [UInt8]
        do { tail = try file.read(at: size - 8, count: 8) } catch { throw failure("\(error)") }
        guard tail.count == 8, Array(tail[4...]) == Self.magic else { throw failure("it does not end with PAR1: not a Parquet file, or cut short") }
        let length = UInt64(tail[0]) | UInt64(tail[1]) << 8 | UInt64(tail[2]) << 16 | UInt64(tail[3]) << 24
        guard length > 0, length <= size - 12 else { throw failure("its footer says it is \(length) bytes long, in a file of \(size)") }
        let footer: [UInt8]
        do { footer = try file.read(at: size - 8 - length, count: Int(length)) } catch { throw failure("\(error)") }
        do { self.footer = try ParquetFooter(footer: footer, readAtOnceBelow: footerReadAtOnceBelow, readRest: readRest) } catch { throw failure(error.description) }
        root = self.footer.root
        cache = ParquetCache(limit: Self.cacheLimit)
    }

    /// The file's top-level fields.
    public var columnTitles: [String] { root.children.map(\.element.name) }

    /// The file's writer, row groups, compressions and encodings; while a long footer is still
    /// read, its row groups and that it is read (``aboutOnceRead(progress:)`` waits for the rest).
    public var about: String? {
        if let layout = footer.layoutIfRead { return layout.about }
        let groups = footer.groupCount == 1 ? "1 row group" : "\(footer.groupCount) row groups"
        return "Parquet · \(groups) · " + (footer.isReading ? "reading the footer…" : "its footer is damaged")
    }

    /// True while a long footer is read on its own thread: ``about`` does not yet name the writer,
    /// compressions and encodings.
    public var aboutIsPending: Bool { footer.isReading }

    /// ``about`` once the whole footer is read, waiting for it.
    ///
    /// - Throws: ``TableSourceError/failed(_:)`` when a row group past the first is damaged.
    public func aboutOnceRead(progress: TableProgress) throws(TableSourceError) -> String? { try layout().about }

    /// Every row group and where its rows are, waiting for a long footer to be read whole.
    ///
    /// - Throws: ``TableSourceError/failed(_:)`` when a row group past the first is damaged.
    func layout() throws(TableSourceError) -> ParquetLayout {
        do { return try footer.layout() } catch { throw .failed("\(title): \(error)") }
    }

    /// Row group `group`: the first at once, a later one once the footer is read whole.
    func rowGroup(_ group: Int) throws(TableSourceError) -> ParquetMetadata.RowGroup {
        if group == 0, let first = footer.first { return first }
        return try layout().metadata.rowGroups[group]
    }

    /// The first row of row group `group`, and the first of the next.
    func groupSpan(_ group: Int) throws(TableSourceError) -> Range<Int> {
        if group == 0, let first = footer.first { return 0..<first.rowCount }
        let starts = try layout().groupStarts
        return starts[group]..<starts[group + 1]
    }

    /// The row group holding row `row`, a row of the file: the first at once.
    func groupContaining(_ row: Int) throws(TableSourceError) -> Int {
        if let first = footer.first, (0..<first.rowCount).contains(row) { return 0 }
        return try layout().groupContaining(row)
    }

    /// The rows of the file: what its footer says until the whole footer is read, then what the
    /// row groups hold (the same number: a footer where they differ is damaged).
    func total() throws(TableSourceError) -> Int {
        footer.isReading ? footer.rowCount : try layout().rowCount
    }

    /// True for a field of numbers.
    public func isNumeric(_ column: Int) -> Bool {
        root.children.indices.contains(column) && root.children[column].isLeaf && root.children[column].kind.isNumeric
    }

    /// The column's own type, for a save as Parquet: whole numbers of their width and sign,
    /// floats, doubles, dates, times, timestamps (Spark's INT96 as nanoseconds), decimals,
    /// booleans and bytes as they are here; text and UUIDs as text; nil for a nested field
    /// (saved as its JSON text) and a decimal that says no precision.
    public func parquetKind(ofColumn column: Int) -> ParquetColumnKind? {
        guard root.children.indices.contains(column), root.children[column].isLeaf, !root.children[column].isRepeated else { return nil }
        let element = root.children[column].element
        switch root.children[column].kind {
        case .boolean: return .boolean
        case .signed: return .fixedWidthInteger(bits: Self.bits(of: element), signed: true)
        case .unsigned: return .fixedWidthInteger(bits: Self.bits(of: element), signed: false)
        case .float: return .float
        case .double, .float16: return .real
        case .binary: return .binary
        case .date: return .date
        case let .time(digits): return .time(digits: digits)
        case let .timestamp(digits, utc): return .timestamp(digits: digits, utc: utc)
        case .int96: return .timestamp(digits: 9, utc: false)
        case let .decimal(scale):
            var precision = element.precision
            if let logical = element.logicalType, logical.id == ParquetCode.Logical.decimal { precision = logical.value[2]?.intValue ?? precision }
            return precision.map { .decimal(precision: $0, scale: scale) }
        case .text, .uuid: return .text
        }
    }

    /// True for a nested field (a list, map or struct), shown as its JSON.
    public func holdsJSON(ofColumn column: Int) -> Bool {
        root.children.indices.contains(column) && (!root.children[column].isLeaf || root.children[column].isRepeated)
    }

    /// The bits of a whole number's type: its integer type's, its converted type's, else its
    /// physical type's (`INT32` or `INT64`).
    private static func bits(of element: ParquetMetadata.SchemaElement) -> Int {
        if let logical = element.logicalType, logical.id == ParquetCode.Logical.integer,
           let bits = logical.value[1]?.intValue, [8, 16, 32, 64].contains(bits) { return bits }
        // UINT_8 … UINT_64, then INT_8 … INT_64.
        if let converted = element.converted, (ParquetCode.Converted.uint8...ParquetCode.Converted.int64).contains(converted) {
            return 8 << ((converted - ParquetCode.Converted.uint8) % 4)
        }
        return element.type == ParquetCode.Physical.int32 ? 32 : 64
    }

    /// True for a file on this machine: opening read its footer already, and the first page
    /// of each column is a read and a decode away (a file on a web server is read off the loop).
    public var readsFirstPageAtOnce: Bool { !file.isRemote }

    /// The file, which a save never replaces.
    public var readFiles: Set<FileIdentity> { Set([file.fileIdentity].compactMap { $0 }) }

    /// The rows the row groups hold together.
    public func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { try total() }

    /// The positions after `after`, every row counted in the footer: the names
    /// ``rowNames(after:limit:progress:)`` gives, as one run.
    public func rowNameRun(after: Int?, progress: TableProgress) throws(TableSourceError) -> Range<Int>? {
        let total = try total()
        return Swift.min(total, Swift.max(0, after.map { $0.addingSaturating(1) } ?? 0))..<total
    }

    /// Rows `positions`, reading the column chunks of the row groups they fall in.
    public func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try values(ofColumns: Array(root.children.indices), at: positions, progress: progress)
    }

    /// `columns` of rows `positions`, reading only those columns' chunks of the row groups
    /// the rows fall in: a sort, a filter or a frequency table reads the columns it needs.
    public func values(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try checkColumns(columns)
        let wanted = positions.clamped(to: 0..<(try total()))
        var rows: [[TableValue]] = []
        rows.reserveCapacity(Swift.min(wanted.count, 1 << 16))
        var at = wanted.lowerBound
        while at < wanted.upperBound {
            try progress.check()
            let group = try groupContaining(at), span = try groupSpan(group)
            let start = span.lowerBound, end = Swift.min(span.upperBound, wanted.upperBound)
            let read = try columns.map { field throws(TableSourceError) in try values(ofField: field, group: group, rows: (at - start)..<(end - start)) }
            for row in 0..<(end - at) { rows.append(read.map { $0[row] }) }
            at = end
        }
        return rows
    }

    /// The rows named `names` (their positions), in that order, a column at a time: each page
    /// they fall in read once, however the names are ordered (a sorted view's, a save's).
    public func rows(named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        if let early = ahead.take(names) { return try rows(named: names, from: early) }
        return try values(ofColumns: Array(root.children.indices), named: names, progress: progress)
    }

    /// The rows named `names` made of the columns read ahead for them.
    ///
    /// - Throws: the first column's failure, in the columns' order.
    func rows(named names: [Int], from columns: [ParquetRowsAhead.Column]) throws(TableSourceError) -> [[TableValue]] {
        var rows = try blankRows(named: namedRows(names), columns: columns.count)
        for (column, read) in columns.enumerated() { Self.place(try read.get(), column: column, into: &rows) }
        return rows
    }

    /// Starts reading the first `count` rows (clamped to the rows there are) on a thread of their
    /// own, while the screen that shows them is made: the first ``rows(named:progress:)`` that
    /// asks for them (their names are their positions) takes what it read, reading the columns
    /// the thread has not begun itself and waiting only for those it is reading. Any other read
    /// reads as it would have. False where it did not start (a read ahead not yet taken, no
    /// rows, a file read over the network, or no thread to be had).
    @discardableResult
    public func readAhead(firstRows count: Int) -> Bool {
        readAhead(firstRows: count, thread: ThreadBody.detach)
    }

    /// ``readAhead(firstRows:)`` on a thread `thread` starts (tests hold it, to see a read that
    /// comes before it begins).
    func readAhead(firstRows count: Int, thread: (@escaping @Sendable () -> Void) -> Bool) -> Bool {
        let rows: Int
        do { rows = try total() } catch { return false }
        let names = Array(0..<Swift.min(rows, Swift.max(0, count)))
        guard readsFirstPageAtOnce, !names.isEmpty else { return false }
        let named: NamedRows
        // Not read ahead: the screen's own read of these rows meets the same failure and says it.
        do { named = try namedRows(names) } catch { return false }
        let table = self
        return ahead.start(names, columns: root.children.count, thread: thread) { field in
            Result { () throws(TableSourceError) in try table.read(field: field, of: named) }
        }
    }

    /// A column's values for some rows, as read: each row group's places among the rows asked
    /// for, and its values there.
    typealias PlacedValues = [(places: ArraySlice<Int>, values: [TableValue])]

    /// Where rows named `names` are: their places among the names in each row group, and the
    /// first row of each group that holds some.
    struct NamedRows: Sendable {
        let names: [Int]
        let byGroup: PlaceBuckets
        let starts: [Int]
        /// The rows of the file.
        let total: Int
    }

    /// Where the rows named `names` are.
    func namedRows(_ names: [Int]) throws(TableSourceError) -> NamedRows {
        let byGroup = try groups(of: names)
        let starts = try (0..<byGroup.count).map { group throws(TableSourceError) in byGroup[group].isEmpty ? 0 : try groupSpan(group).lowerBound }
        return NamedRows(names: names, byGroup: byGroup, starts: starts, total: try total())
    }

    /// Rows for `named`, `columns` values each, before any is read: a row the file has null in
    /// every column (what a column no page holds a value for shows), a name no row has
    /// `(deleted)`.
    func blankRows(named: NamedRows, columns: Int) -> [[TableValue]] {
        named.names.map { (0..<named.total).contains($0) ? [TableValue](repeating: .missing("NULL"), count: columns) : [TableValue](repeating: .missing("(deleted)"), count: columns) }
    }

    /// Top-level field `field` of the rows `named`, read a row group at a time.
    func read(field: Int, of named: NamedRows) throws(TableSourceError) -> PlacedValues {
        try (0..<named.byGroup.count).filter { !named.byGroup[$0].isEmpty }.map { group throws(TableSourceError) in
            let places = named.byGroup[group], start = named.starts[group]
            return (places, try values(ofField: field, group: group, rows: places.map { named.names[$0] - start }))
        }
    }

    /// Puts a column's values `read` in place `column` of `rows`.
    static func place(_ read: PlacedValues, column: Int, into rows: inout [[TableValue]]) {
        for (places, values) in read {
            for (place, value) in zip(places, values) { rows[place][column] = value }
        }
    }

    /// `columns` of the rows named `names`, in that order, reading only those columns' pages:
    /// each column on its own, as many at once as ``loop`` runs (a first screen decodes the first
    /// page of every column, each apart from the others).
    public func values(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try checkColumns(columns)
        let named = try namedRows(names)
        var rows = blankRows(named: named, columns: columns.count)
        let width = Swift.max(1, loop.width)
        for first in stride(from: 0, to: columns.count, by: width) {
            let round = first..<Swift.min(columns.count, first + width)
            let pieces = loop.map(round.count) { k in
                Result { () throws(TableSourceError) -> PlacedValues in
                    try progress.check()
                    return try read(field: columns[round.lowerBound + k], of: named)
                }
            }
            guard let pieces else { throw .cancelled }
            for (k, result) in pieces.enumerated() { Self.place(try result.get(), column: round.lowerBound + k, into: &rows) }
        }
        return rows
    }

    /// The places in `names` of the names each row group holds (a name no row has is left out).
    private func groups(of names: [Int]) throws(TableSourceError) -> PlaceBuckets {
        let total = try total(), firstRows = footer.first?.rowCount ?? 0
        // A first screen's names, all in the first row group, need no more of a long footer.
        if names.allSatisfy({ $0 < firstRows || !(0..<total).contains($0) }) {
            return PlaceBuckets(count: names.count, buckets: Swift.max(1, footer.groupCount)) { k in (0..<firstRows).contains(names[k]) ? 0 : -1 }
        }
        let layout = try layout()
        return PlaceBuckets(count: names.count, buckets: layout.groupStarts.count - 1) { k in (0..<total).contains(names[k]) ? layout.groupContaining(names[k]) : -1 }
    }

    /// Reads, with `read`, the rows that `names` name a row group at a time and in it a column
    /// at a time (the column's field, the group, the rows counted from the group's first; a name
    /// no row has is left out), as many at once as ``loop`` runs, and hands what each read gave
    /// to `take` in that order with the column's place among `columns` and the names' places
    /// among `names`. Each group's names are found once for every column.
    ///
    /// - Throws: what `read` or `take` threw first, or ``TableSourceError/cancelled`` once
    ///   `progress` says stop.
    func eachGroup<Read>(ofColumns columns: [Int], named names: [Int], progress: TableProgress,
                         reading read: (_ field: Int, _ group: Int, _ rows: [Int]) throws(TableSourceError) -> Read,
                         _ take: (_ column: Int, _ places: ArraySlice<Int>, _ read: Read) throws(TableSourceError) -> Void) throws(TableSourceError) {
        try checkColumns(columns)
        let byGroup = try groups(of: names)
        let held = (0..<byGroup.count).filter { !byGroup[$0].isEmpty }
        let reads = held.flatMap { group in columns.indices.map { (column: $0, group: group) } }
        let width = Swift.max(1, loop.width)
        for first in stride(from: 0, to: reads.count, by: width) {
            try progress.check()
            let round = reads[first..<Swift.min(reads.count, first + width)]
            let results = loop.map(round.count) { k in
                let (column, group) = round[round.startIndex + k]
                return Result { () throws(TableSourceError) in
                    let start = try groupSpan(group).lowerBound
                    return try read(columns[column], group, byGroup[group].map { names[$0] - start })
                }
            }
            guard let results else { throw .cancelled }
            for (k, result) in results.enumerated() {
                let (column, group) = round[round.startIndex + k]
                try take(column, byGroup[group], try result.get())
            }
        }
    }

    /// Runs `work` on each row group, as many at once as ``loop`` runs, and hands what each gave
    /// to `take` in the groups' order, `progress` hearing the share done after each round.
    ///
    /// - Throws: what `work` threw for the first group that failed, or
    ///   ``TableSourceError/cancelled`` once `progress` says stop.
    func eachRowGroup<T>(progress: TableProgress, _ work: (Int) throws(TableSourceError) -> T, take: (T) -> Void) throws(TableSourceError) {
        try eachRowGroup(progress: progress, round: {}, { group, _ throws(TableSourceError) in try work(group) }, take: take)
    }

    /// ``eachRowGroup(progress:_:take:)`` with what `round` gives before each round (what the
    /// groups taken so far add up to) handed to `work` with each group of the round.
    func eachRowGroup<T, Known>(progress: TableProgress, round known: () -> Known, _ work: (Int, Known) throws(TableSourceError) -> T,
                                take: (T) -> Void) throws(TableSourceError) {
        let groups = footer.groupCount, width = Swift.max(1, loop.width)
        for first in stride(from: 0, to: groups, by: width) {
            let round = first..<Swift.min(groups, first + width)
            // What is known lives only through the round's work, so that `take` changing what
            // it was made from copies nothing.
            func results(_ known: Known) -> [Result<T, TableSourceError>]? {
                loop.map(round.count) { k in Result { () throws(TableSourceError) in try work(round.lowerBound + k, known) } }
            }
            guard let results = results(known()) else { throw .cancelled }
            for result in results { take(try result.get()) }
            guard progress.report(Double(round.upperBound) / Double(Swift.max(1, groups))) else { throw .cancelled }
        }
    }

    /// Field `field`'s values of rows `rows` of row group `group` (counted from the group's
    /// first): for a column that does not repeat, only the pages holding them are read (found
    /// from the pages' headers); a nested field's whole chunks are put together.
    func values(ofField field: Int, group: Int, rows: Range<Int>) throws(TableSourceError) -> [TableValue] {
        let node = root.children[field]
        guard node.isLeaf && !node.isRepeated else { return try column(field, group: group).values(Array(rows)) }
        let index = try pageIndex(field, group: group, through: rows.upperBound - 1, wholeDictionary: false)
        var values = [TableValue](repeating: .missing("NULL"), count: rows.count)
        for page in index.pages(holding: rows) {
            let first = index.pages[page].firstSlot
            let shown = rows.clamped(to: first..<first + index.pages[page].valueCount)
            guard !shown.isEmpty else { continue }
            let column = try pageColumn(field, group: group, page: page, index: index, through: shown.upperBound - 1 - first)
            values.replaceSubrange((shown.lowerBound - rows.lowerBound)..<(shown.upperBound - rows.lowerBound), with: column.values(shown.map { $0 - first }))
        }
        return values
    }

    /// Field `field`'s values of rows `rows` (counted from the group's first, in any order) of
    /// row group `group`.
    func values(ofField field: Int, group: Int, rows: [Int]) throws(TableSourceError) -> [TableValue] {
        var values = [TableValue](repeating: .missing("NULL"), count: rows.count)
        try eachPage(ofField: field, group: group, rows: rows) { column, places, slots in
            for (k, value) in zip(places, column.values(slots)) { values[k] = value }
        }
        return values
    }

    /// Hands `take` the decoded values of each page of field `field` in row group `group` that
    /// holds any of `rows` (counted from the group's first, in any order), with those rows'
    /// places among `rows` and their slots in what was decoded: each page read once, in the
    /// pages' order, and kept in the cache unless not `keep` (a pass that reads each page once).
    /// A nested field's whole chunk is put together.
    func eachPage(ofField field: Int, group: Int, rows: [Int], keep: Bool = true, _ take: (ParquetColumn, _ places: [Int], _ slots: [Int]) -> Void) throws(TableSourceError) {
        let node = root.children[field]
        guard node.isLeaf && !node.isRepeated else { return take(try column(field, group: group), Array(rows.indices), rows) }
        // Rows in a run (a first screen, a save in the file's order) are cut at the pages' edges,
        // with no lookup a row, and find the chunk's pages only as far as the run goes.
        let isRun = !rows.isEmpty && zip(rows, rows.dropFirst()).allSatisfy { $0 + 1 == $1 }
        let index = try pageIndex(field, group: group, through: isRun ? rows[rows.count - 1] : .max, wholeDictionary: !isRun)
        if isRun, let low = rows.first, let high = rows.last {
            for page in index.pages(holding: low..<high + 1) {
                let first = index.pages[page].firstSlot
                let shown = (low..<high + 1).clamped(to: first..<first + index.pages[page].valueCount)
                guard !shown.isEmpty else { continue }
                take(try pageColumn(field, group: group, page: page, index: index, keep: keep, through: shown.upperBound - 1 - first),
                     Array((shown.lowerBound - low)..<(shown.upperBound - low)), shown.map { $0 - first })
            }
            return
        }
        let byPage = PlaceBuckets(count: rows.count, buckets: index.pages.count) { k in index.pages.count == 1 ? 0 : index.page(holding: rows[k]) }
        // In the pages' order: rows that ascend come with their places ascending.
        for page in 0..<byPage.count where !byPage[page].isEmpty {
            let first = index.pages[page].firstSlot, ks = byPage[page]
            let slots = ks.map { rows[$0] - first }
            take(try pageColumn(field, group: group, page: page, index: index, keep: keep, through: slots.max() ?? .max), Array(ks), slots)
        }
    }

    private func failure(_ field: Int, group: Int, _ error: ParquetMetadata.Failure) -> TableSourceError {
        .failed("\(title): row group \(group + 1), \(root.children[field].element.name): \(error)")
    }

    /// The page index of field `field`'s chunk in row group `group` (a leaf's), its pages found
    /// at least as far as slot `through` (the cached one extended when it stops short), its
    /// dictionary decoded unless `wholeDictionary` is false (a first screen, which reads only
    /// the entries its rows name).
    func pageIndex(_ field: Int, group: Int, through: Int = .max, wholeDictionary: Bool = true) throws(TableSourceError) -> ParquetPageIndex {
        let key = ParquetCache.Key(group: group, field: field, page: ParquetCache.Key.pageIndex)
        let node = root.children[field]
        var index: ParquetPageIndex
        if case let .index(kept)? = cache.value(for: key) {
            if kept.holds(through) && !(wholeDictionary && kept.lacksDictionary) { return kept }
            index = kept
            do {
                try index.extend(through: through, leaf: node, file: file)
                if wholeDictionary { try index.decodeDictionary(file: file) }
            } catch { throw failure(field, group: group, error) }
        } else {
            let chunk = try rowGroup(group).columns[node.leaves.lowerBound]
            do { index = try ParquetPageIndex(chunk, leaf: node, file: file, through: through, wholeDictionary: wholeDictionary) } catch {
                throw failure(field, group: group, error)
            }
        }
        // A column that does not repeat has a value (or a null) a row: fewer is a damaged file.
        let rows = try rowGroup(group).rowCount
        guard !index.isComplete || index.slots >= rows else {
            throw .failed("\(title): row group \(group + 1), \(node.element.name) holds \(index.slots) of its \(rows) rows")
        }
        cache.keep(.index(index), for: key)
        return index
    }

    /// Page `page` of field `field`'s chunk in row group `group`, decoded; kept for the reads
    /// that follow unless `keep` is false (a pass that reads each page once: a frequency table,
    /// a summary), which then neither fills the cache nor pushes out what is shown. Where only
    /// slots up to `through` are asked for, far fewer than the page holds (a first screen of a
    /// page of 20,000 rows), only its first ``prefixRows`` are decoded where its encoding allows,
    /// and kept apart until a read past them decodes the page whole.
    func pageColumn(_ field: Int, group: Int, page: Int, index: ParquetPageIndex, keep: Bool = true, through: Int = .max) throws(TableSourceError) -> ParquetColumn {
        let key = ParquetCache.Key(group: group, field: field, page: page)
        if case let .column(kept)? = cache.value(for: key) { return kept }
        let prefixKey = ParquetCache.Key(group: group, field: field, page: ParquetCache.Key.prefix(ofPage: page))
        // A page the index has not found is refused: decoded, it would be kept as a page of no rows.
        guard index.pages.indices.contains(page) else { throw pageNotFound(page, field: field, group: group) }
        let slots = index.pages[page].valueCount
        let limit = through < Self.prefixRows && slots >= 2 * Self.prefixRows ? Self.prefixRows : Int.max
        if limit < .max, case let .column(kept)? = cache.value(for: prefixKey), kept.rows > through { return kept }
        // A page read whole is read with the whole dictionary, decoded once for the chunk's
        // pages; a first screen's few rows with the entries they name. The index is found again
        // as far as this page's last slot in the chunk: `through` counts from the page's first,
        // and the index kept meanwhile by another core's read may stop before this page (the
        // page was then decoded from no page at all, kept as a page of no rows, and a sort on
        // two cores failed now and then: "could not read row group 44's entries").
        var index = index
        if limit == .max && index.lacksDictionary {
            index = try pageIndex(field, group: group, through: index.pages[page].firstSlot + Swift.max(0, slots - 1))
            guard index.pages.indices.contains(page) else { throw pageNotFound(page, field: field, group: group) }
        }
        let column: ParquetColumn
        do { column = ParquetColumn(flat: try index.decode(page..<page + 1, leaf: root.children[field], file: file, limit: limit), leaf: root.children[field]) } catch {
            throw failure(field, group: group, error)
        }
        if keep { cache.keep(.column(column), for: column.rows < slots ? prefixKey : key) }
        return column
    }

    /// Why page `page` of field `field` in row group `group` cannot be read: no index found it.
    private func pageNotFound(_ page: Int, field: Int, group: Int) -> TableSourceError {
        .failed("\(title): row group \(group + 1), \(root.children[field].element.name): no page \(page + 1) was found")
    }

    /// The rows of a page decoded for a read near its start: a first screen (the viewer reads
    /// pages of 100 rows). 1,024 rows cost a 19-column file's first screen about two
    /// milliseconds more on two cores; reads further down decode their pages whole.
    static let prefixRows = 128

    /// Field `field`'s values in row group `group`, whole, from the cache or read now.
    func column(_ field: Int, group: Int) throws(TableSourceError) -> ParquetColumn {
        let key = ParquetCache.Key(group: group, field: field, page: ParquetCache.Key.wholeChunk)
        if case let .column(kept)? = cache.value(for: key) { return kept }
        let node = root.children[field]
        let rowGroup = try rowGroup(group), rowCount = rowGroup.rowCount
        let chunks: [ParquetChunk]
        do {
            chunks = try node.leafNodes.map { leaf throws(ParquetMetadata.Failure) in
                try ParquetChunk.read(rowGroup.columns[leaf.leaves.lowerBound], leaf: leaf, from: file)
            }
        } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
        let column: ParquetColumn
        if node.isLeaf && !node.isRepeated {
            guard chunks[0].slots >= rowCount else { throw .failed("\(title): row group \(group + 1), \(node.element.name) holds \(chunks[0].slots) of its \(rowCount) rows") }
            column = ParquetColumn(flat: chunks[0], leaf: node)
        } else {
            do {
                column = ParquetColumn(storage: .assembled(try ParquetAssembly.rows(of: node, chunks: chunks, rowCount: rowCount)))
            } catch { throw .failed("\(title): row group \(group + 1), \(node.element.name): \(error)") }
        }
        cache.keep(.column(column), for: key)
        return column
    }
}

/// One field's values in one row group.
struct ParquetColumn: Sendable {
    enum Storage: Sendable {
        /// A leaf's values, and which rows hold one (nil: every row, row i value i).
        case flat(kind: ParquetValueKind, values: ParquetValues, index: ParquetPresence?)
        /// A nested field's rows as JSON, nil for null.
        case assembled([String?])
    }
    var storage: Storage
    /// The rows decoded (a page read only as far as a first screen needs holds fewer than its
    /// slots); `Int.max` for a nested field's rows, always whole.
    let rows: Int

    /// The values of a leaf that does not repeat, a row a slot.
    init(flat chunk: ParquetChunk, leaf: ParquetSchemaNode) {
        rows = chunk.slots
        var index: ParquetPresence? = nil
        // A column that may hold nulls but holds none (most of a writer's columns are optional)
        // needs no index: row i is value i.
        if !chunk.definitions.isEmpty, chunk.values.count != chunk.definitions.count {
            index = ParquetPresence(definitions: chunk.definitions, full: UInt8(truncatingIfNeeded: leaf.definitionLevel))
        }
        storage = .flat(kind: leaf.kind, values: chunk.values, index: index)
    }

    /// A field's values as they are kept.
    init(storage: Storage) {
        self.storage = storage
        rows = .max
    }

    /// Where row `row`'s value is among a leaf's values, by its `index` (row `row` is value
    /// `row` without one): -1 for a null or a row past those read.
    static func slot(ofRow row: Int, in index: ParquetPresence?) -> Int {
        guard let index else { return row }
        return index.slot(ofRow: row)
    }

    /// The values of rows `rows` (a missing value past the rows read), the storage looked at
    /// once for them all.
    func values(_ rows: [Int]) -> [TableValue] {
        switch storage {
        case let .flat(kind, values, index):
            guard index != nil else { return kind.values(values, at: rows) }
            return kind.values(values, at: rows.map { Self.slot(ofRow: $0, in: index) })
        case let .assembled(texts):
            return rows.map { row in texts.indices.contains(row) ? texts[row].map { .string($0) } ?? .missing("NULL") : .missing("NULL") }
        }
    }

    /// The bytes it keeps, about.
    var memory: Int {
        switch storage {
        case let .flat(_, values, index):
            return Self.memory(of: values) + (index?.memory ?? 0)
        case let .assembled(texts): return texts.reduce(0) { $0 + ($1?.utf8.count ?? 0) + 16 }
        }
    }

    /// The bytes `values` keep, about.
    static func memory(of values: ParquetValues) -> Int {
        switch values {
        // The dictionary is its chunk's page index's, counted there.
        case let .indexed(_, indices): return indices.count * 4
        case let .booleans(v): return v.count
        case let .int32(v): return v.count * 4
        case let .int64(v): return v.count * 8
        case let .floats(v): return v.count * 4
        case let .doubles(v): return v.count * 8
        case let .bytes(starts, data): return starts.count * 8 + data.count
        }
    }
}

/// What a Parquet table keeps of what it read: a column chunk's page index, a page's values, a
/// nested field's whole rows, or the text of a chunk's dictionary entries.
enum ParquetCached: Sendable {
    case index(ParquetPageIndex)
    case column(ParquetColumn)
    case entryTexts(ParquetEntryTexts)

    /// The bytes it keeps, about.
    var memory: Int {
        switch self {
        case let .index(index): return index.memory
        case let .column(column): return column.memory
        case let .entryTexts(texts): return texts.memory
        }
    }
}

/// Decoded pages kept for the rows read next, the least recently read dropped first once they
/// hold more than `limit` bytes.
final class ParquetCache: Sendable {
    struct Key: Hashable, Sendable {
        var group: Int
        var field: Int
        /// A data page's number in its chunk, or one of the two below.
        var page: Int
        static let wholeChunk = -1
        static let pageIndex = -2
        /// The text of each entry of the chunk's dictionary (``ParquetEntryTexts``).
        static let entryTexts = -3
        /// Data page `page`'s first rows alone (``ParquetTable/pageColumn(_:group:page:index:keep:through:)``).
        static func prefix(ofPage page: Int) -> Int { -4 - Swift.max(0, page) }
    }
    private struct State {
        var entries: [Key: (value: ParquetCached, used: Int)] = [:]
        var bytes = 0
        var clock = 0
    }
    private let state = Locked(State())
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// What is kept, and the bytes it holds (tests).
    var kept: (keys: Set<Key>, bytes: Int) { state.withLock { (Set($0.entries.keys), $0.bytes) } }

    func value(for key: Key) -> ParquetCached? {
        state.withLock { state in
            guard let kept = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (kept.value, state.clock)
            return kept.value
        }
    }

    /// Drops what is kept for `key`, if anything.
    func forget(_ key: Key) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.value.memory }
        }
    }

    func keep(_ value: ParquetCached, for key: Key) {
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.bytes -= old.value.memory }
            state.entries[key] = (value, state.clock)
            state.bytes += value.memory
            // The oldest first, until under the limit (the one just kept stays).
            while state.bytes > limit, state.entries.count > 1,
                  let oldest = state.entries.min(by: { $0.key == key ? false : $1.key == key ? true : $0.value.used < $1.value.used }), oldest.key != key {
                state.bytes -= oldest.value.value.memory
                state.entries[oldest.key] = nil
            }
        }
    }
}

/// Why a Parquet file cannot be read.
public struct ParquetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    /// The message: the file, then why.
    public var description: String { "\(path): \(reason)" }
}
