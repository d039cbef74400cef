import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67 item 2: a save of a long table stays within the memory a view takes: rows in their own
/// order are read as positions, a few thousand at a time, and a save's large batches of rows in
/// an order of their own leave the page cache alone.
@Suite struct SaveBatchesTests {
    /// A table of `rows` numbers that counts how a save reads it.
    struct CountingSource: TableSource {
        let title = "counting"
        let columnTitles = ["n"]
        let rows: Int
        let reads = Reads()
        var readFiles: Set<FileIdentity> { [] }

        /// How many reads by name and by position, and the longest by name.
        final class Reads: Sendable {
            let counts = Locked((named: 0, largestNamed: 0, atPositions: 0))
        }

        func isNumeric(_ column: Int) -> Bool { true }
        func rowCount(progress: TableProgress) throws(TableSourceError) -> Int { rows }
        func rowNameRun(after: Int?, progress: TableProgress) throws(TableSourceError) -> Range<Int>? {
            Swift.min(rows, after.map { $0 + 1 } ?? 0)..<rows
        }
        func rows(at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> [[TableValue]] {
            positions.clamped(to: 0..<rows).map { [.int($0 * 10)] }
        }
        func texts(ofColumns columns: [Int], named names: [Int], progress: TableProgress) throws(TableSourceError) -> TextColumns {
            reads.counts.withLock { $0.named += 1; $0.largestNamed = Swift.max($0.largestNamed, names.count) }
            return TextColumns(values: try self.rows(named: names, progress: progress).map { row in columns.map { row[$0] } }, columns: columns.count)
        }
        func texts(ofColumns columns: [Int], at positions: Range<Int>, progress: TableProgress) throws(TableSourceError) -> TextColumns {
            reads.counts.withLock { $0.atPositions += 1 }
            return TextColumns(values: try rows(at: positions, progress: progress).map { row in columns.map { row[$0] } }, columns: columns.count)
        }
    }

    /// What a save of `source`'s rows named by `names` writes as CSV.
    static func saved(_ source: some TableSource, names: RowOrder?, count: Int) throws -> String {
        let path = ParquetWriterTests.path("csv")
        defer { unlink(path) }
        let written = try source.write(names: names, count: count, where: [], orderedBy: [], columns: [0], format: .csv, to: OutputFile(path: path), progress: .unwatched)
        #expect(written == count)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("rows named in a run (a view in the table's own order) are saved as positions, a few thousand at a time, with what a save of the positions writes; rows in an order of their own in large batches by name")
    func runsAreSavedAsPositions() throws {
        let source = CountingSource(rows: 300_000)
        let byRun = try Self.saved(source, names: RowOrder(run: 0..<300_000), count: 300_000)
        var reads = source.reads.counts.withLock { $0 }
        #expect(reads.named == 0 && reads.atPositions == 30, "\(reads)")
        #expect(byRun == (try Self.saved(CountingSource(rows: 300_000), names: nil, count: 300_000)))
        #expect(byRun.split(separator: "\n").count == 300_001 && byRun.hasSuffix("\n2999990\n"))
        // Part of a run, from its middle.
        let middle = CountingSource(rows: 300_000)
        #expect(try Self.saved(middle, names: RowOrder(run: 1_000..<1_003), count: 3) == "n\n10000\n10010\n10020\n")
        #expect(middle.reads.counts.withLock { $0.named } == 0)
        // A run past the table's rows, or of names no row has, saves what the same names listed save.
        for run in [299_998..<300_003, -2..<3, 400_000..<400_002] {
            #expect(try Self.saved(CountingSource(rows: 300_000), names: RowOrder(run: run), count: run.count)
                    == (try Self.saved(CountingSource(rows: 300_000), names: RowOrder(Array(run)), count: run.count)), "\(run)")
        }
        // The same rows in an order of their own: large batches, by name.
        let listed = CountingSource(rows: 300_000)
        let reversed = try Self.saved(listed, names: RowOrder(Array((0..<300_000).reversed())), count: 300_000)
        reads = listed.reads.counts.withLock { $0 }
        #expect(reads.atPositions == 0 && reads.named == 3 && reads.largestNamed == 131_072, "\(reads)")
        #expect(Array(reversed.split(separator: "\n").dropFirst()) == Array(byRun.split(separator: "\n").dropFirst().reversed()))
    }

    @Test("a Parquet read of a million values or more by name (a save's batch of a long table in an order of its own) leaves its pages out of the cache; a smaller one keeps them")
    func largeBatchesLeaveTheCacheAlone() throws {
        let table = try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet")
        let count = try table.rowCount(progress: .unwatched)
        func pagesKept() -> Int { table.cache.kept.keys.filter { $0.page >= 0 || $0.page == ParquetCache.Key.wholeChunk }.count }
        let column = try #require(table.columnTitles.firstIndex(of: "int64"))
        // The same few rows named again and again: a batch as long as a long table's.
        let long = (0..<ParquetTable.pagesKeptBelow).map { ($0 * 7) % count }
        let read = try table.texts(ofColumns: [column], named: long, progress: .unwatched)
        #expect(pagesKept() == 0)
        let short = Array(long.prefix(1_000))
        let few = try table.texts(ofColumns: [column], named: short, progress: .unwatched)
        #expect(pagesKept() > 0)
        #expect(short.indices.allSatisfy { read.text(column: 0, row: $0) == few.text(column: 0, row: $0) })
        // Half as many names of two columns is as many values.
        let other = try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet")
        _ = try other.texts(ofColumns: [column, column + 1], named: Array(long.prefix(ParquetTable.pagesKeptBelow / 2)), progress: .unwatched)
        #expect(other.cache.kept.keys.filter { $0.page >= 0 || $0.page == ParquetCache.Key.wholeChunk }.isEmpty)
    }

    @Test("a Parquet read of a long batch by name drops each chunk's dictionary once read (its entries' text and the page index holding it decoded), where a short read keeps them for the screens that follow")
    func longBatchesDropDictionaries() throws {
        let table = try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet")
        let count = try table.rowCount(progress: .unwatched)
        let column = try #require(table.columnTitles.firstIndex(of: "string"))
        func dictionariesKept() -> [ParquetCache.Key] {
            table.cache.kept.keys.filter { $0.field == column && ($0.page == ParquetCache.Key.entryTexts || $0.page == ParquetCache.Key.pageIndex) }
        }
        let long = (0..<ParquetTable.pagesKeptBelow).map { ($0 * 7) % count }
        let read = try table.texts(ofColumns: [column], named: long, progress: .unwatched)
        #expect(dictionariesKept().isEmpty)
        let short = Array(long.prefix(1_000))
        let few = try table.texts(ofColumns: [column], named: short, progress: .unwatched)
        #expect(Set(dictionariesKept().map(\.page)) == [ParquetCache.Key.entryTexts, ParquetCache.Key.pageIndex])
        #expect(short.indices.allSatisfy { read.text(column: 0, row: $0) == few.text(column: 0, row: $0) })
        #expect(short.indices.contains { read.text(column: 0, row: $0) != nil })
    }

    @Test("a Parquet read by name gives every fixture's values as a read of rows does, names in an order of their own, again, and past the rows: a short batch read into place, a long one (each row group's rows of a column read as a piece of their own on several cores, placed where their names are) and a long one on one core alike")
    func piecesLandWhereTheirNamesAre() throws {
        let (files, _) = try ParquetReaderTests.expected()
        for name in files.keys.sorted() {
            var table = try ParquetTable(path: ParquetReaderTests.folder + "/" + name)
            let count = try table.rowCount(progress: .unwatched)
            let names = (0..<count).reversed() + [count, -1, 0, count / 2]
            let columns = Array(table.columnTitles.indices.reversed())
            let short = try table.texts(ofColumns: columns, named: names, progress: .unwatched)
            let rows = try table.rows(named: names, progress: .unwatched)
            #expect(short.rowCount == names.count && short.columnCount == columns.count, "\(name)")
            func differs(_ texts: TextColumns, _ row: Int, _ values: [TableValue]) -> Bool {
                for (place, column) in columns.enumerated() where texts.text(column: place, row: row) != values[column].presentText {
                    Issue.record("\(name): row \(row), \(table.columnTitles[column]): \(texts.text(column: place, row: row) ?? "null") where a read of rows gives \(values[column].presentText ?? "null")")
                    return true
                }
                return false
            }
            for (row, values) in rows.enumerated() where differs(short, row, values) { break }
            // The same names again and again, as many as a long table's batch: in files of
            // several row groups, pages and dictionaries, and nested values.
            guard ["types-small-pages.parquet", "nested.parquet"].contains(name) else { continue }
            let times = ParquetTable.pagesKeptBelow / Swift.max(1, columns.count) / names.count + 1
            let long = Array([[Int]](repeating: names, count: times).joined())
            for loop in [ExploreData.threeAtOnce, .serial] {
                table.loop = loop
                let read = try table.texts(ofColumns: columns, named: long, progress: .unwatched)
                #expect(read.rowCount == long.count, "\(name)")
                for row in stride(from: 0, to: long.count, by: 61) where differs(read, row, rows[row % names.count]) { break }
            }
        }
    }

    @Test("a batch longer than the rows written at once is written in slices that join up: the file a row at a time gives, in every format")
    func longBatchesWriteInSlices() throws {
        let count = 2 * TableWriter.rowsWrittenAtOnce + 7
        let rows: [[String?]] = (0..<count).map { ["\($0)", $0 % 5 == 0 ? nil : "v\($0 % 97)"] }
        for format in [ExportFormat.csv, .tsv, .jsonLines, .parquet] {
            var files: [Data] = []
            for batches in [[rows], rows.map { [$0] }] {
                let path = ParquetWriterTests.path("out")
                defer { unlink(path) }
                var writer = try TableWriter(output: OutputFile(path: path), format: format, titles: ["n", "v"], numeric: [true, false])
                for batch in batches { try writer.append(batch) }
                try writer.finish()
                #expect(writer.written == count)
                files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(files[0] == files[1], "\(format)")
            if format == .parquet {
                let path = ParquetWriterTests.path()
                defer { unlink(path) }
                try files[0].write(to: URL(fileURLWithPath: path))
                #expect(try ParquetWriterTests.values(ParquetTable(path: path)) == rows)
            }
        }
    }
}
