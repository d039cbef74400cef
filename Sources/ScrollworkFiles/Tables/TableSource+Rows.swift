import Scrollwork

// What every source can do over its rows, for a source that cannot push the work down: a row's
// name is its position in the table's own order, and counting under filters, arranging,
// searching, frequency tables, summaries and saves read the columns they need into memory once
// a call (``TableSource/values(ofColumns:at:progress:)``) and run the library's own passes over
// them (the same a file's rows and a sheet's go through).
extension TableSource {
    /// Rows are named by their position in the table's own order.
    public var rowAccess: RowAccess { .byName }
    /// The viewer does the work over the rows.
    public var engine: String? { nil }
    /// Any number: the library's sort orders by as many columns as asked.
    public var mostSortColumns: Int? { nil }
    /// No guess: the rows are counted.
    public var estimatedCount: Int? { nil }
    /// Nothing to say.
    public var about: String? { nil }
    /// Nothing more to read.
    public var aboutIsPending: Bool { false }

    /// None: a save chooses from the values shown.
    public func parquetKind(ofColumn column: Int) -> ParquetColumnKind? { nil }

    /// None: every value is text or a number.
    public func holdsJSON(ofColumn column: Int) -> Bool { false }

    /// ``TableSource/about``, at once.
    public func aboutOnceRead(progress: TableProgress) throws(TableSourceError) -> String? { about }
    /// Nothing known before reading.
    public var knownSummary: [ColumnSummary.Known]? { nil }
    /// Rows added are read after the last name.
    public var addedRowsUnseen: String? { nil }
    /// Any row may meet the filters.
    public func rowRanges(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [Range<Int>]? { nil }
    /// Names are read in chunks.
    public func rowNameRun(after: Int?, progress: TableProgress) throws(TableSourceError) -> Range<Int>? { nil }
    /// Nothing is wrong with any row.
    public func problems(ofRowsNamed names: [Int], progress: TableProgress) throws(TableSourceError) -> [String?] {
        Array(repeating: nil, count: names.count)
    }
    /// The row as the screen reads it.
    public func wholeRow(named name: Int, progress: TableProgress) throws(TableSourceError) -> (values: [TableValue], problem: String?) {
        (try rows(named: [name], progress: progress).first ?? [], try problems(ofRowsNamed: [name], progress: progress).first ?? nil)
    }
    /// The source itself: nothing to connect again.
    public func reopened() throws(TableSourceError) -> any TableSource { self }

    /// Read from whole rows.
    public func values(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try rows(at: positions, progress: progress).map { row in columns.map { row.indices.contains($0) ? row[$0] : .empty } }
    }

    /// Made from the rows' values.
    public func columnarValues(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> ColumnarRows {
        var rows = ColumnarRows(width: columns.count)
        for row in try values(ofColumns: columns, at: positions, progress: progress) { rows.append(row) }
        return rows
    }

    /// Picked from whole rows.
    public func values(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        try rows(named: names, progress: progress).map { row in columns.map { row.indices.contains($0) ? row[$0] : .empty } }
    }

    /// The values made text, a missing one null.
    public func texts(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> TextColumns {
        TextColumns(values: try values(ofColumns: columns, named: names, progress: progress), columns: columns.count)
    }

    /// The values made text, a missing one null.
    public func texts(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> TextColumns {
        TextColumns(values: try values(ofColumns: columns, at: positions, progress: progress), columns: columns.count)
    }

    /// The rows counted with ``rowCount(progress:)``, or those `filters` keep arranged and counted.
    public func count(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> Int {
        guard !filters.isEmpty else { return try rowCount(progress: progress) }
        return try rowNames(where: filters, orderedBy: [], progress: progress).count
    }

    /// Positions after `after` (from 0 when nil; a negative `limit` is none).
    public func rowNames(after: Int?, limit: Int, progress: TableProgress) throws(TableSourceError) -> [Int] {
        let total = try rowCount(progress: progress)
        let start = Swift.max(0, after.map { $0.addingSaturating(1) } ?? 0)
        guard start < total, limit > 0 else { return [] }
        return Array(start..<Swift.min(total, start.addingSaturating(limit)))
    }

    /// The rows at positions `names`, each run of neighbours read at once.
    public func rows(named names: [Int], progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        var read: [[TableValue]] = []
        read.reserveCapacity(names.count)
        var i = 0
        while i < names.count {
            var end = i + 1
            // A run of neighbours, none of them below 0 (no row has such a name).
            while end < names.count, names[end - 1] >= 0, names[end - 1] < Int.max, names[end] == names[end - 1] + 1 { end += 1 }
            let run = names[i]..<names[end - 1].addingSaturating(1)
            let rows = run.lowerBound >= 0 ? try self.rows(at: run, progress: progress) : []
            let width = columnTitles.count
            read += (0..<(end - i)).map { k in rows.indices.contains(k) ? rows[k] : Array(repeating: .missing("(deleted)"), count: width) }
            i = end
            try progress.check()
        }
        return read
    }

    /// The positions `filters` keep in `order`, read in the table's own order when there is
    /// neither, else arranged over the columns they need.
    public func rows(at positions: Range<Int>, where filters: [RowFilter], orderedBy order: [ColumnOrder],
                     progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
        if filters.isEmpty && order.isEmpty { return try rows(at: positions, progress: progress) }
        let names = try rowNames(where: filters, orderedBy: order, progress: progress)
        return try rows(named: names.names(in: positions), progress: progress)
    }

    /// The first position of `positions` holding `text`, over the rows (``firstPositionOverRows(holding:in:forward:where:orderedBy:progress:)``).
    public func firstPosition(holding text: String, in positions: Range<Int>, forward: Bool, where filters: [RowFilter], orderedBy order: [ColumnOrder],
                              progress: TableProgress) throws(TableSourceError) -> Int? {
        try firstPositionOverRows(holding: text, in: positions, forward: forward, where: filters, orderedBy: order, progress: progress)
    }

    /// The rows read in order a batch at a time (4,096 rows, from the far end going back) and
    /// tested as a file's fields are: what a source without a search of its own does.
    public func firstPositionOverRows(holding text: String, in positions: Range<Int>, forward: Bool, where filters: [RowFilter], orderedBy order: [ColumnOrder],
                                      progress: TableProgress) throws(TableSourceError) -> Int? {
        let test = try RowFilter.searching(text)
        var tested = 0
        for batch in positions.searchBatches(of: 4096, forward: forward) {
            guard progress.report(Double(tested) / Double(Swift.max(1, positions.count))) else { throw .cancelled }
            let rows = try rows(at: batch, where: filters, orderedBy: order, progress: progress)
            let offsets = forward ? Array(rows.indices) : rows.indices.reversed()
            if let hit = offsets.first(where: { test.passes(anyOf: rows[$0]) }) { return batch.lowerBound + hit }
            tested += batch.count
        }
        return nil
    }

    /// Asked about 4,096 names at a time, in the order searched (``firstPlaceOverRows(among:holding:forward:progress:)``).
    public func firstPlace(among names: [Int], holding text: String, forward: Bool, progress: TableProgress) throws(TableSourceError) -> Int? {
        try firstPlaceOverRows(among: names, holding: text, forward: forward, progress: progress)
    }

    /// The names asked about 4,096 at a time (``rowNames(_:holding:progress:)``), in the order
    /// searched: what a source without a faster way does.
    public func firstPlaceOverRows(among names: [Int], holding text: String, forward: Bool, progress: TableProgress) throws(TableSourceError) -> Int? {
        var tested = 0
        for batch in names.indices.searchBatches(of: 4096, forward: forward) {
            guard progress.report(Double(tested) / Double(Swift.max(1, names.count))) else { throw .cancelled }
            let named = Array(names[batch])
            let matched = try rowNames(named, holding: text, progress: progress)
            let offsets = forward ? Array(named.indices) : named.indices.reversed()
            if let hit = offsets.first(where: { matched.contains(named[$0]) }) { return batch.lowerBound + hit }
            tested += batch.count
        }
        return nil
    }

    /// Those of `names` whose row holds `text`, read and tested as a file's rows are.
    public func rowNames(_ names: [Int], holding text: String, progress: TableProgress) throws(TableSourceError) -> Set<Int> {
        let test = try RowFilter.searching(text)
        let rows = try rows(named: names, progress: progress)
        return Set(zip(names, rows).lazy.filter { test.passes(anyOf: $0.1) }.map(\.0))
    }

    /// The rows `filters` keep in `order` (``rowNamesOverRows(where:orderedBy:progress:)``).
    public func rowNames(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder {
        try rowNamesOverRows(where: filters, orderedBy: order, progress: progress)
    }

    /// The rows `filters` keep in `order`, arranged over the columns they test and order by,
    /// read into memory as text (a filter alone tests a million rows at a time, keeping only
    /// the names of those it keeps); the table's own order, read from nothing, when there is
    /// neither: the default ``rowNames(where:orderedBy:progress:)``, which a source that sorts
    /// some columns its own way calls for the others.
    public func rowNamesOverRows(where filters: [RowFilter], orderedBy order: [ColumnOrder], progress: TableProgress) throws(TableSourceError) -> RowOrder {
        try checkColumns(order.map(\.column))
        if filters.isEmpty && order.isEmpty { return RowOrder(run: 0..<Swift.max(0, try rowCount(progress: progress))) }
        let needed = ColumnsNeeded(self, filters: filters, others: order.map(\.column))
        let ranges = filters.isEmpty ? nil : try rowRanges(where: filters, progress: progress)
        if order.isEmpty { return try filteredByPieces(needed: needed, filters: filters, ranges: ranges, progress: progress) }
        let table = try inMemory(.serial, columns: needed.columns, ranges: ranges) { progress.report($0) }
        let names = try table.rowNames(where: needed.remapped(filters), orderedBy: order.map { ColumnOrder(column: needed.place($0.column), ascending: $0.ascending) },
                                       progress: progress)
        return ranges.map { RowOrder(RangePositions($0).positions(of: Array(names))) } ?? names
    }

    /// The rows `filters` keep, in the table's own order, tested `pieceRows` rows at a time
    /// (their columns `needed` read into memory as text, of the positions `ranges` holds, every
    /// row when nil): a filter that keeps a few rows of fifty million holds one piece, not every
    /// row's text.
    func filteredByPieces(needed: ColumnsNeeded, filters: [RowFilter], ranges: [Range<Int>]?, pieceRows: Int = 1 << 20,
                          progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let all = 0..<Swift.max(0, try rowCount(progress: .unwatched))
        let pieces = try self.pieces(of: ranges, rows: pieceRows)
        let total = pieces.reduce(0) { $0 + $1.count }
        // Four bytes a name where 32 bits number every row.
        let narrow = all.upperBound <= Int(UInt32.max)
        var kept: [UInt32] = [], wide: [Int] = [], done = 0
        for piece in pieces {
            let table = try inMemory(.serial, columns: needed.columns, ranges: [piece]) { progress.report((Double(done) + Double(piece.count) * $0) / Double(Swift.max(1, total))) }
            for name in try table.rowNames(where: needed.remapped(filters), orderedBy: [], progress: .unwatched) {
                if narrow { kept.append(UInt32(truncatingIfNeeded: piece.lowerBound + name)) } else { wide.append(piece.lowerBound + name) }
            }
            done += piece.count
            try progress.check()
        }
        return narrow ? RowOrder(narrow: kept) : RowOrder(wide)
    }

    /// `ranges` (every row when nil), clamped to the rows and cut into pieces of at most `rows`.
    private func pieces(of ranges: [Range<Int>]?, rows: Int) throws(TableSourceError) -> [Range<Int>] {
        let all = 0..<Swift.max(0, try rowCount(progress: .unwatched))
        var pieces: [Range<Int>] = []
        for range in (ranges ?? [all]).map({ $0.clamped(to: all) }) {
            var at = range.lowerBound
            while at < range.upperBound {
                pieces.append(at..<Swift.min(range.upperBound, at.addingSaturating(Swift.max(1, rows))))
                at = pieces[pieces.count - 1].upperBound
            }
        }
        return pieces
    }

    /// Counted over the column and the columns `filters` test.
    public func frequency(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        try frequencyOverRows(ofColumn: column, where: filters, progress: progress)
    }

    /// The frequency table the library's passes make over the rows read into memory: the
    /// default ``frequency(ofColumn:where:progress:)``, which a source that counts some columns
    /// its own way calls for the others.
    public func frequencyOverRows(ofColumn column: Int, where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        try frequencyOverRows(ofColumn: column, where: filters, pieceRows: 1 << 20, progress: progress)
    }

    /// ``frequencyOverRows(ofColumn:where:progress:)`` counted `pieceRows` rows at a time (their
    /// columns read into memory as text) and added up: fifty million rows are counted in the
    /// memory of one piece. Past ``FrequencyTable/distinctLimit`` distinct values, those each
    /// piece met first are counted.
    func frequencyOverRows(ofColumn column: Int, where filters: [RowFilter], pieceRows: Int, progress: TableProgress) throws(TableSourceError) -> FrequencyTable {
        try checkColumns([column])
        let needed = ColumnsNeeded(self, filters: filters, others: [column])
        let ranges = filters.isEmpty ? nil : try rowRanges(where: filters, progress: progress)
        let pieces = try self.pieces(of: ranges, rows: pieceRows)
        let rows = pieces.reduce(0) { $0 + $1.count }
        var counts = ValueCounts(limit: FrequencyTable.distinctLimit)
        var nulls = 0, total = 0, uncounted = 0, done = 0
        for piece in pieces {
            let share = { (fraction: Double) in progress.report((Double(done) + Double(piece.count) * fraction) / Double(Swift.max(1, rows))) }
            let counted = try inMemory(.serial, columns: needed.columns, ranges: [piece], share)
                .frequency(ofColumn: needed.place(column), where: needed.remapped(filters), progress: .unwatched)
            for entry in counted.entries {
                // Safe: the entry's bytes are lent for the call.
                if entry.isNull { nulls += entry.count } else { unsafe entry.withBytes { unsafe counts.add($0, count: entry.count) } }
            }
            total += counted.total
            uncounted += counted.uncounted
            done += piece.count
            try progress.check()
        }
        // The rows in memory say what is missing by their nulls alone, as one piece's table does.
        var table = FrequencyTable(counted: counts.takeAll(), nulls: nulls, total: total, missing: .none)
        table.uncounted += uncounted
        return table
    }

    /// Summarised a column at a time, over the rows `filters` keep.
    public func summary(where filters: [RowFilter], progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        let kept = filters.isEmpty ? nil : try rowNames(where: filters, orderedBy: [], progress: TableProgress())
        var summaries: [ColumnSummary] = []
        let within = kept.map(Array.init)
        for column in columnTitles.indices { summaries += try summary(ofColumn: column, within: within, progress: progress) }
        return summaries
    }

    /// The summary of column `column` among the rows `kept` names (all rows when nil), read into
    /// memory alone: what the default ``summary(where:progress:)`` makes of each column in
    /// turn, and a source that summarises several columns at once calls for each. `progress`
    /// hears the column's share of the whole.
    public func summary(ofColumn column: Int, within kept: [Int]?, progress: TableProgress) throws(TableSourceError) -> [ColumnSummary] {
        try checkColumns([column])
        let titles = columnTitles
        func share(_ done: Double) -> Bool { progress.report((Double(column) + done) / Double(Swift.max(1, titles.count))) }
        let table = try inMemory(.serial, columns: [column]) { share($0 / 2) }
        guard let one = ColumnSummary.summarizing(table.rows, titles: [titles[column]], within: kept.map { .rows($0.map { UInt32(truncatingIfNeeded: $0) }) },
                                                  missing: table.missing, progress: { share(0.5 + $0 / 2) }) else { throw .cancelled }
        return one
    }

    /// Arranged as ``rowNames(where:orderedBy:progress:)`` arranges them, then written a batch
    /// of rows at a time.
    public func write(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
                      progress: TableProgress) throws(TableSourceError) -> Int {
        try checkColumns(columns + order.map(\.column))
        return try writeArranged(where: filters, orderedBy: order, columns: columns, format: format, to: output, progress: progress)
    }

    /// Writes `columns` of the rows `filters` keep in `order` to `output`, through the source's
    /// own calls: the names of the rows in that order, then their values a batch at a time (a
    /// source read by position is read so, in the order asked). What the default ``write(where:orderedBy:columns:format:to:progress:)``
    /// does once the columns are checked, and what a source with checks of its own calls after them.
    public func writeArranged(where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat, to output: OutputFile,
                              progress: TableProgress) throws(TableSourceError) -> Int {
        let names: RowOrder?, count: Int
        if rowAccess == .byName {
            let arranged = try rowNames(where: filters, orderedBy: order, progress: TableProgress())
            (names, count) = (arranged, arranged.count)
        } else {
            (names, count) = (nil, try self.count(where: filters, progress: TableProgress()))
        }
        return try write(names: names, count: count, where: names == nil ? filters : [], orderedBy: names == nil ? order : [], columns: columns, format: format,
                         to: output, progress: progress)
    }

    /// Every row read into memory as text (a missing value an empty field, a number as it is
    /// written), typed as ``isNumeric(_:)`` says, for the library's passes over rows on `loop`
    /// (one core unless told: the defaults above use one); `progress` hears the share read.
    public func rowsInMemory(progress: TableProgress, concurrently loop: ConcurrentLoop = .serial) throws(TableSourceError) -> RowsTable<ColumnarRows> {
        try inMemory(loop, columns: Array(columnTitles.indices)) { progress.report($0) }
    }

    /// Refuses a column the table does not have, saying how many it has: what every call that
    /// takes a column number checks first.
    public func checkColumns(_ columns: [Int]) throws(TableSourceError) {
        if let bad = columns.first(where: { !columnTitles.indices.contains($0) }) {
            throw .unsupported("no column \(bad.addingSaturating(1)); \(title) has \(columnTitles.count)")
        }
    }

    /// Rows read a batch at a time.
    private static var memoryBatch: Int { 65_536 }

    /// `columns` of every row, as text, typed, a table of their own (numbered from 0 in that order).
    private func inMemory(_ loop: ConcurrentLoop, columns: [Int], ranges: [Range<Int>]? = nil, _ progress: (Double) -> Bool) throws(TableSourceError) -> RowsTable<ColumnarRows> {
        let all = 0..<Swift.max(0, try rowCount(progress: .unwatched))
        let ranges = ranges?.map { $0.clamped(to: all) } ?? [all]
        let total = ranges.reduce(0) { $0 + $1.count }
        var rows = ColumnarRows(width: columns.count)
        for range in ranges {
            var at = range.lowerBound
            while at < range.upperBound {
                let batch = try columnarValues(ofColumns: columns, at: at..<Swift.min(range.upperBound, at + Self.memoryBatch), progress: .unwatched)
                if batch.count == 0 { break }
                rows.append(contentsOf: batch)
                at += batch.count
                guard progress(Double(rows.count) / Double(Swift.max(1, total)) / 2) else { throw .cancelled }
            }
        }
        let titles = columns.map { columnTitles[$0] }
        let typed = titles.indices.map { c in
            TableColumn.field(c, title: titles[c], kind: isNumeric(columns[c]) ? .reals : .text, width: TableColumn.fieldWidth(content: 10, title: titles[c]))
        }
        // The source's values say what is missing (a null); a text that spells NA is a value.
        return RowsTable(rows, columns: typed, titles: titles, numeric: columns.map(isNumeric), missing: .none, readFiles: readFiles, title: title, concurrently: loop)
    }
}

/// Positions in the table's own order of the rows read from some of its ranges: the `k`th row
/// read is at the `k`th position the ranges cover.
struct RangePositions {
    private let ranges: [Range<Int>]
    /// How many rows the ranges before each hold.
    private let before: [Int]

    init(_ ranges: [Range<Int>]) {
        self.ranges = ranges
        var counts: [Int] = []
        var sum = 0
        for range in ranges {
            counts.append(sum)
            sum += range.count
        }
        before = counts
    }

    /// The positions of rows `reads` (numbered from 0 in the order read).
    func positions(of reads: [Int]) -> [Int] {
        reads.map { k in
            // The last range starting at or before the `k`th row read.
            var low = 0, high = ranges.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if before[mid] <= k { low = mid } else { high = mid - 1 }
            }
            return ranges.isEmpty ? k : ranges[low].lowerBound + (k - before[low])
        }
    }
}

/// The columns a pass reads: those its filters test (every column, for a filter of any
/// column) and the others it names, each once, in the table's order; and where each is among them.
struct ColumnsNeeded {
    let columns: [Int]
    private let places: [Int: Int]

    init(_ source: some TableSource, filters: [RowFilter], others: [Int]) {
        let all = filters.contains { $0.column == nil }
        let wanted = all ? Set(source.columnTitles.indices) : Set(filters.compactMap(\.column) + others).filter { source.columnTitles.indices.contains($0) }
        columns = wanted.sorted()
        places = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    }

    /// Where table column `column` is among ``columns`` (past them when it is not one).
    func place(_ column: Int) -> Int { places[column] ?? columns.count }

    /// `filters` on the columns' places.
    func remapped(_ filters: [RowFilter]) throws(TableSourceError) -> [RowFilter] {
        try filters.map { filter throws(TableSourceError) in
            guard let column = filter.column else { return filter }
            do { return try RowFilter(column: place(column), title: filter.columnTitle, test: filter.test) } catch { throw .unsupported("\(error)") }
        }
    }
}

extension TableSource {
    /// Appends `columns` of the rows a view shows to `writer`, a batch at a time: those `names`
    /// name, in that order, or (for a source read by position) the first `count` that
    /// `filters` keep in `order`; a missing value is an empty field. What a batch run and a
    /// viewer's Ctrl-S both write.
    ///
    /// Rows named in an order of their own (not a run of names, which are read as positions)
    /// are read in large batches from a source without an engine (each of its pages is then
    /// read once a batch, not once a few rows): a sixteenth of the rows (at least 131,072, and
    /// no more than about two million values, some 80 MB of text and places), so that a page is
    /// read some sixteen times where the rows are not many more than that (a sort of 50,000,000
    /// Parquet rows, whose pages outgrow the page cache, read each page 381 times in batches of
    /// 131,072); in batches of 10,000 otherwise (an engine's statement a batch).
    ///
    /// - Throws: `TableSourceError` when the source or the writer fails, or `progress` says stop.
    public func append(names: RowOrder?, count: Int, where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int],
                       to writer: inout TableWriter, progress: TableProgress) throws(TableSourceError) {
        let total = Swift.max(0, names.map { Swift.min($0.count, count) } ?? count)
        // Names in a run are rows in the file's own order, read as positions are: a batch of
        // them gains nothing from being large.
        let run = engine == nil ? names?.run : nil
        // Two million values at most: 2,500,000 (two columns of text and reals) held 104 MB of
        // text, places and names.
        let named = Swift.max(131_072, Swift.min(total / 16, (1 << 21) / Swift.max(1, columns.count)))
        let batch = Swift.min(names != nil && engine == nil && run == nil ? named : 10_000, Swift.max(1, TextColumns.mostValues / Swift.max(1, columns.count)))
        var at = 0
        while at < total {
            let range = at..<Swift.min(total, at + batch)
            // The columns written alone, where the source can read them so.
            var positioned: TextColumns? = nil
            if let run, run.lowerBound >= 0 {
                let read = try texts(ofColumns: columns, at: (run.lowerBound + range.lowerBound)..<(run.lowerBound + range.upperBound), progress: .unwatched)
                // Past the table's rows a position reads no row, where a name reads a null one.
                if read.rowCount == range.count { positioned = read }
            }
            let rows: TextColumns
            if let positioned {
                rows = positioned
            } else if let names {
                rows = try texts(ofColumns: columns, named: names.names(in: range), progress: .unwatched)
            } else if filters.isEmpty && order.isEmpty {
                rows = try texts(ofColumns: columns, at: range, progress: .unwatched)
            } else {
                let read = try self.rows(at: range, where: filters, orderedBy: order, progress: .unwatched)
                rows = TextColumns(values: read.map { row in columns.map { row.indices.contains($0) ? row[$0] : .missing("") } }, columns: columns.count)
            }
            do {
                try writer.append(rows)
            } catch { throw .failed("\(error)") }
            // A Parquet save that is to start over with wider columns reads no further.
            if writer.widerKinds != nil { return }
            at = range.upperBound
            guard progress.report(Double(at) / Double(total)) else { throw .cancelled }
        }
    }

    /// Writes `columns` of the rows a view shows (as ``append(names:count:where:orderedBy:columns:to:progress:)``
    /// reads them) to `output` in `format`, and ends the save; returns the rows written. A
    /// Parquet save whose column met a value its type cannot hold starts over with it wider.
    ///
    /// - Throws: `TableSourceError` when the source or the file fails, or `progress` says stop
    ///   (``TableSourceError/cancelled``; what `output`'s path held stays).
    public func write(names: RowOrder?, count: Int, where filters: [RowFilter], orderedBy order: [ColumnOrder], columns: [Int], format: ExportFormat,
                      to output: OutputFile, progress: TableProgress) throws(TableSourceError) -> Int {
        // Declared types first, the rest from the values shown.
        var kinds: [ParquetColumnKind] = columns.map { parquetKind(ofColumn: $0)?.checked ?? (isNumeric($0) ? .integer : .text) }
        while true {
            var writer: TableWriter
            do {
                writer = try TableWriter(output: output, format: format, titles: columns.map { columnTitles.indices.contains($0) ? columnTitles[$0] : "" },
                                         numeric: columns.map(isNumeric), parquetKinds: kinds,
                                         written: columns.map { FieldSpan.Written(declared: parquetKind(ofColumn: $0), holdsJSON: holdsJSON(ofColumn: $0)) })
            } catch { throw .failed("\(error)") }
            try append(names: names, count: count, where: filters, orderedBy: order, columns: columns, to: &writer, progress: progress)
            do {
                if let wider = writer.widerKinds {
                    kinds = wider
                    try output.startOver()
                    continue
                }
                try writer.finish()
            } catch { throw .failed("\(error)") }
            return writer.written
        }
    }
}
