import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67: a chunk's pages are found as far as the rows asked for, so a first screen reads one
/// page header a column, not every page's; rows further on find the rest, with the same values.
@Suite struct ParquetPageIndexTests {
    static let path = ParquetReaderTests.folder + "/types-small-pages.parquet"

    @Test("the first rows find the first pages alone; rows further on find the rest; the values are those read at once")
    func foundAsFarAsAsked() throws {
        let whole = try ParquetReaderTests.texts(try ParquetTable(path: Self.path))
        let table = try ParquetTable(path: Self.path)
        let rows = (try table.layout()).metadata.rowGroups[0].rowCount
        #expect(rows == 400)
        let first = try table.rows(at: 0..<3, progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } }
        #expect(first == Array(whole[0..<3]))
        let partial = try table.pageIndex(0, group: 0, through: 2)
        #expect(!partial.isComplete && partial.holds(2) && partial.pages.count < 3, "\(partial.pages.count) pages found for three rows")
        let end = try table.rows(at: 395..<402, progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } }
        #expect(end == Array(whole[395..<402]))
        let found = try table.pageIndex(0, group: 0, through: 399)
        #expect(found.holds(399) && found.pages.count > partial.pages.count)
        let complete = try table.pageIndex(0, group: 0)
        #expect(complete.isComplete && complete.slots == rows)
        let fresh = try ParquetTable(path: Self.path)
        let full = try fresh.pageIndex(0, group: 0)
        #expect(full.isComplete && full.pages.map(\.firstSlot) == complete.pages.map(\.firstSlot) && full.pages.map(\.body) == complete.pages.map(\.body))
        // By name, in any order, each column found as far as its rows go.
        let names = [7, 399, 0, 250, 3]
        let named = try ParquetTable(path: Self.path).rows(named: names, progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } }
        #expect(named == names.map { whole[$0] })
    }

    @Test("a first screen decodes only the first rows of a long page, kept apart; a read past them decodes the page whole; the values are the same either way")
    func firstRowsOfALongPage() throws {
        let csv = "id,delay,carrier\n" + (0..<5_000).map { "\($0),\($0 % 7 == 0 ? "" : "\($0 % 50 - 20).5"),\(["AA", "DL", "UA"][$0 % 3])" }.joined(separator: "\n") + "\n"
        let saved = try ParquetWriterTests.savedFromFile(csv, numeric: [true, true, false])
        let whole = try ParquetWriterTests.values(saved)
        let table = try ParquetTable(file: saved.file)
        func cached(_ field: Int, page: Int) -> ParquetColumn? {
            guard case let .column(column)? = table.cache.value(for: ParquetCache.Key(group: 0, field: field, page: page)) else { return nil }
            return column
        }
        func read(_ rows: Range<Int>) throws -> [[String?]] {
            try table.rows(at: rows, progress: .unwatched).map { $0.map { $0.isMissing ? nil : $0.description } }
        }
        try #require(table.pageIndex(0, group: 0).pages[0].valueCount >= 2 * ParquetTable.prefixRows, "a page long enough to read a part of")
        #expect(try read(0..<40) == Array(whole[0..<40]))
        for field in 0..<3 {
            #expect(cached(field, page: 0) == nil, "no page decoded whole for a first screen")
            #expect(cached(field, page: ParquetCache.Key.prefix(ofPage: 0))?.rows == ParquetTable.prefixRows)
        }
        let inside = ParquetTable.prefixRows - 24..<ParquetTable.prefixRows
        #expect(try read(inside) == Array(whole[inside]), "rows inside the part decoded")
        #expect(cached(0, page: 0) == nil)
        #expect(try read(4_990..<5_000) == Array(whole[4_990..<5_000]))
        #expect(try cached(0, page: 0)?.rows == 5_000 || table.pageIndex(0, group: 0).pages.count > 1, "a read past the part decodes the page whole")
        #expect(try read(0..<5_000) == whole)
    }

    @Test("a damaged page header past the first screen: the first rows read, the rows behind it say what broke, naming the row group and column")
    func damagedHeaderFoundWhenReached() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path)))
        let table = try ParquetTable(path: Self.path)
        let pages = try table.pageIndex(0, group: 0).pages
        try #require(pages.count > 3)
        // The last page's header lies between the body before it and its own body.
        let header = Int(pages[pages.count - 2].body.upperBound)..<Int(pages[pages.count - 1].body.lowerBound)
        for k in header { bytes[k] = 0xA5 }
        let damaged = try ParquetReaderTests.opening(bytes)
        #expect(try damaged.rows(at: 0..<3, progress: .unwatched).count == 3, "the first pages are whole")
        do {
            _ = try damaged.rows(at: 395..<400, progress: .unwatched)
            Issue.record("read rows behind a damaged page header")
        } catch {
            #expect("\(error)".contains("row group 1") && "\(error)".contains(table.columnTitles[0]), "\(error)")
        }
    }

    @Test("rows by name read a column on each core: the same rows, in the names' order, as read one column after another, and a stop heard")
    func columnsOnEachCore() throws {
        let names = (0..<1_200).map { ($0 * 7_919) % 1_300 } + [-1, Int.max, 399, 400]
        for file in ["types-small-pages.parquet", "nested.parquet", "session.parquet"] {
            let path = ParquetReaderTests.folder + "/" + file
            let serial = try ParquetTable(path: path).rows(named: names, progress: .unwatched)
            var wide = try ParquetTable(path: path)
            wide.loop = ConcurrentLoop(width: 3) { count, body in
                // Pieces run in reverse, so an answer put in the wrong place shows.
                for i in (0..<count).reversed() { body(i) }
            }
            #expect(try wide.rows(named: names, progress: .unwatched) == serial, "\(file)")
            wide.loop = .processors
            #expect(try wide.rows(named: names, progress: .unwatched) == serial, "\(file)")
            #expect(throws: TableSourceError.cancelled) { try wide.rows(named: names, progress: TableProgress(isCancelled: { true })) }
        }
    }
}

/// The row group holding a row, found by division where the groups are cut alike.
@Suite struct ParquetRowGroupLookupTests {
    @Test("every fixture's rows, and rows before and past them, are found in the group halving the group starts finds")
    func groupsByDivision() throws {
        var divided = 0
        let names = try FileManager.default.contentsOfDirectory(atPath: ParquetReaderTests.folder).filter { $0.hasSuffix(".parquet") }
        for name in names {
            let table = try ParquetTable(path: ParquetReaderTests.folder + "/" + name)
            if (try table.layout()).groupRows > 0 { divided += 1 }
            let starts = (try table.layout()).groupStarts, total = starts[starts.count - 1]
            func halving(_ row: Int) -> Int {
                var low = 0, high = starts.count - 2
                while low < high {
                    let mid = (low + high + 1) / 2
                    if starts[mid] <= row { low = mid } else { high = mid - 1 }
                }
                return low
            }
            for row in [Int.min, -1] + Array(0..<(total + 3)) + [Int.max] {
                #expect(try table.groupContaining(row) == halving(row), "\(name), row \(row)")
            }
        }
        #expect(divided >= 3, "the fixtures of several row groups are cut alike")
    }
}
