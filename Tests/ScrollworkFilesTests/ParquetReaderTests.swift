import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67: Parquet files as pyarrow writes them (Fixtures/parquet, made by its make-fixtures.py),
/// every value read back as the text expected.json says, whatever the codec, page version and
/// encoding.
@Suite struct ParquetReaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/parquet").path

    /// The texts expected of each kind of fixture, and which kind each file is.
    static func expected() throws -> (files: [String: String], tables: [String: (columns: [String], rows: [[String]])]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(json["files"] as? [String: String])
        var tables: [String: (columns: [String], rows: [[String]])] = [:]
        for kind in Set(files.values) {
            let table = try #require(json[kind] as? [String: Any])
            tables[kind] = (try #require(table["columns"] as? [String]), try #require(table["rows"] as? [[String]]))
        }
        return (files, tables)
    }

    /// Every row of `source`, each value as text, a missing value empty.
    static func texts(_ source: some TableSource) throws -> [[String]] {
        let count = try source.rowCount(progress: .unwatched)
        return try source.rows(at: 0..<count, progress: .unwatched).map { row in row.map { $0.isMissing ? "" : $0.description } }
    }

    @Test("every fixture reads back as pyarrow, DuckDB and polars wrote it: each codec (none, Snappy, gzip, zstd, LZ4, Brotli), data pages v1 and v2, dictionaries, PLAIN, the DELTA encodings, BYTE_STREAM_SPLIT, INT96, nested lists, structs and maps")
    func everyFixture() throws {
        let (files, tables) = try Self.expected()
        #expect(files.count == 16)
        for (name, kind) in files.sorted(by: { $0.key < $1.key }) {
            let expected = try #require(tables[kind])
            let table = try ParquetTable(path: Self.folder + "/" + name)
            #expect(table.columnTitles == expected.columns, "\(name)")
            let read = try Self.texts(table)
            #expect(read.count == expected.rows.count, "\(name)")
            var wrong = 0
            for (i, (got, want)) in zip(read, expected.rows).enumerated() where got != want {
                if wrong < 3 { Issue.record("\(name) row \(i): \(zip(expected.columns, zip(got, want)).filter { $1.0 != $1.1 }.prefix(4))") }
                wrong += 1
            }
            #expect(wrong == 0, "\(name): \(wrong) rows differ")
        }
    }

    /// `bytes` in a file of the tests' own, opened as a Parquet table.
    static func opening(_ bytes: [UInt8], footerReadAtOnceBelow: Int = ParquetFooter.readAtOnceBelow,
                        readRest: (@escaping @Sendable () -> Void) -> Bool = ThreadBody.detach) throws -> ParquetTable {
        var template = Array("/tmp/scrollwork-parquet-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return try ParquetTable(file: FileBytes(path: path), footerReadAtOnceBelow: footerReadAtOnceBelow, readRest: readRest)
    }

    @Test("a file that is not Parquet, or is cut short, or whose footer is damaged, is refused saying why; a damaged page says which row group and column")
    func damagedFiles() throws {
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/session.parquet")))
        for (bytes, words) in [(Array("PAR1PAR1".utf8), "too short"), (Array("id,name\n1,a\n2,b\n".utf8), "does not end with PAR1"), (Array(good.prefix(good.count - 1)), "does not end with PAR1"),
                               (Array(good.prefix(4)) + [UInt8](repeating: 0, count: 40) + [0xFF, 0xFF, 0, 0] + Array("PAR1".utf8), "footer says"),
                               (Array(good.prefix(4)) + [UInt8](repeating: 0x19, count: 40) + [40, 0, 0, 0] + Array("PAR1".utf8), "footer")] {
            do {
                _ = try Self.opening(bytes)
                Issue.record("opened: \(words)")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
        // A page's bytes overwritten: the footer still reads, the rows say what broke.
        var damaged = good
        for k in 200..<400 { damaged[k] = 0xA5 }
        let table = try Self.opening(damaged)
        #expect(throws: TableSourceError.self) { _ = try table.rows(at: 0..<10, progress: .unwatched) }
        do { _ = try table.rows(at: 0..<10, progress: .unwatched) } catch {
            #expect("\(error)".contains("row group 1"), "\(error)")
        }
    }

    @Test("a row group that claims more rows than its columns hold says so when read, rather than showing nulls past them; one that claims more than the footer says is refused")
    func rowGroupClaimsTooMany() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/session.parquet")))
        // The first row group's num_rows (field 3, an i64 after field 2): 128, zigzag 256 →
        // 0x16 0x80 0x02; made 129 (0x82 0x02). A column's num_values is written the same way,
        // after its codec (0x15 and a byte): those are passed over.
        let footerStart = bytes.count - 8 - Int(bytes[bytes.count - 8]) - Int(bytes[bytes.count - 7]) << 8
        let pattern: [UInt8] = [0x16, 0x80, 0x02]
        let found = (footerStart..<(bytes.count - 3)).first { (k: Int) -> Bool in
            Array(bytes[k..<(k + 3)]) == pattern && bytes[k - 2] != 0x15
        }
        let at = try #require(found)
        bytes[at + 1] = 0x82
        // The file's own num_rows (600, zigzag 1200 → 0x16 0xB0 0x09, before the list of five
        // row groups, 0x19 0x5C) still says 600: the footer disagrees with itself.
        do {
            _ = try Self.opening(bytes)
            Issue.record("opened a footer whose row groups hold more rows than it says")
        } catch {
            #expect("\(error)".contains("says the file has 600 rows, and its row groups hold 601"), "\(error)")
        }
        let total = try #require((footerStart..<(bytes.count - 5)).first { Array(bytes[$0..<($0 + 5)]) == [0x16, 0xB0, 0x09, 0x19, 0x5C] })
        bytes[total + 1] = 0xB2
        let table = try Self.opening(bytes)
        #expect(try table.rowCount(progress: .unwatched) == 601)
        do {
            _ = try table.rows(at: 0..<3, progress: .unwatched)
            Issue.record("read a row group whose columns hold fewer values than its rows")
        } catch {
            #expect("\(error)".contains("128 of its 129 rows"), "\(error)")
        }
    }

    @Test("rows are reached in any row group without reading the others, and read in pieces they are the rows read at once")
    func rowGroupsAnyOrder() throws {
        let table = try ParquetTable(path: Self.folder + "/session.parquet")
        #expect((try table.layout()).metadata.rowGroups.count == 5)
        let whole = try Self.texts(table)
        let fresh = try ParquetTable(path: Self.folder + "/session.parquet")
        for start in [599, 300, 127, 128, 0, 511] {
            let rows = try fresh.rows(at: start..<Swift.min(600, start + 3), progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } }
            #expect(rows == Array(whole[start..<Swift.min(600, start + 3)]))
        }
        // By name, in any order, across row groups (as a sorted view or a save asks): the same rows.
        let names = (0..<600).map { ($0 * 373) % 600 } + [-1, 600, Int.max, Int.min]
        let named = try ParquetTable(path: Self.folder + "/session.parquet").rows(named: names, progress: .unwatched)
        #expect(named.count == names.count)
        #expect(named.prefix(600).map { $0.map { $0.isMissing ? "" : $0.description } } == names.prefix(600).map { whole[$0] })
        #expect(named.suffix(4).allSatisfy { $0.allSatisfy(\.isMissing) })
        #expect(try fresh.rows(at: 598..<Int.max, progress: .unwatched).count == 2)
        #expect(try fresh.rows(at: Int.min..<2, progress: .unwatched).count == 2)
        #expect(try fresh.rows(at: 700..<800, progress: .unwatched).isEmpty)
    }

    @Test("the fuzz target's seeds are Parquet files that open and read, so the fuzzer starts from real pages")
    func fuzzSeedsOpen() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/Parquet").path
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasPrefix("seed-") }
        #expect(seeds.count >= 7)
        for seed in seeds {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: corpus + "/" + seed)))
            let table = try Self.opening(Array(bytes.dropFirst()))
            #expect(try Self.texts(table).count == 8, "\(seed)")
        }
    }

    @Test("a sort, a filter and a frequency table read only the columns they need: the other columns' chunks are never decoded")
    func onlyTheColumnsNeeded() throws {
        let table = try ParquetTable(path: Self.folder + "/types-zstd.parquet")
        let names = ColumnNames(table.columnTitles)
        let string = try names.index(of: "string"), int64 = try names.index(of: "int64"), date = try names.index(of: "date")
        let sorted = try table.rowNames(where: [RowFilter(parsing: "int64>0", columns: names)], orderedBy: [ColumnOrder(column: string)], progress: .unwatched)
        #expect(Set(table.cache.kept.keys.map(\.field)) == [string, int64])
        #expect(sorted.count == 474)
        _ = try table.frequency(ofColumn: date, where: [], progress: .unwatched)
        #expect(Set(table.cache.kept.keys.map(\.field)) == [string, int64, date])
    }

    @Test("the first screen reads the first page of each column and no other: a row far down reads the page holding it, found from the pages' headers")
    func onlyThePagesShown() throws {
        let table = try ParquetTable(path: Self.folder + "/types-v2-plain.parquet")
        let first = try table.rows(at: 0..<10, progress: .unwatched)
        // A page decoded whole, or only its first rows (a long page), kept under a key of its own.
        let pages = table.cache.kept.keys.filter { $0.page >= 0 || $0.page == ParquetCache.Key.prefix(ofPage: 0) }
        #expect(Set(pages.map { Swift.max(0, $0.page) }) == [0] && Set(pages.map(\.group)) == [0] && pages.count == table.columnTitles.count, "\(pages)")
        let (_, tables) = try Self.expected()
        let expected = try #require(tables["types"])
        let far = try table.rows(at: 777..<779, progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } }
        #expect(far == Array(expected.rows[777..<779]))
        #expect(first.map { $0.map { $0.isMissing ? "" : $0.description } } == Array(expected.rows[0..<10]))
        let deep = table.cache.kept.keys.filter { $0.group == 1 && $0.page >= 0 }
        // One page a column (the one holding rows 377 and 378 of the second group), some past its first.
        #expect(deep.count == table.columnTitles.count && deep.contains { $0.page > 0 }, "\(deep.map(\.page))")
    }

    @Test("a frequency table counted from the pages (a dictionary page by its indices) is the one the rows read give, for every column of every fixture")
    func frequencyFromPages() throws {
        let (files, _) = try Self.expected()
        for name in files.keys.sorted() {
            let table = try ParquetTable(path: Self.folder + "/" + name)
            for column in table.columnTitles.indices {
                let counted = try table.frequency(ofColumn: column, where: [], progress: .unwatched)
                let read = try table.frequencyOverRows(ofColumn: column, where: [], progress: .unwatched)
                #expect(counted == read, "\(name), \(table.columnTitles[column])")
            }
        }
    }

    @Test("once a frequency table is full, a row group counts only the values it holds, each as the whole group's count has it, and the rest together, for every column of every fixture")
    func frequencyWithinKnownValues() throws {
        let (files, _) = try Self.expected()
        for name in files.keys.sorted() {
            let table = try ParquetTable(path: Self.folder + "/" + name)
            for column in table.columnTitles.indices where table.root.children[column].isLeaf && !table.root.children[column].isRepeated {
                let whole = try table.counted(column, group: 0, within: nil)
                // Every other value of the group's own, then a value no group holds.
                var known = ValueCounts()
                for (k, entry) in whole.counts.entries.enumerated() where k % 2 == 0 { entry.bytes.withUnsafeBufferPointer { known.add($0) } }
                [UInt8]("no such value".utf8).withUnsafeBufferPointer { known.add($0) }
                let within = try table.counted(column, group: 0, within: known)
                let expected = whole.counts.entries.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                #expect(within.counts.entries.map(\.bytes) == expected.map(\.bytes) && within.counts.entries.map(\.count) == expected.map(\.count), "\(name), \(table.columnTitles[column])")
                #expect(within.nulls == whole.nulls && within.counts.uncounted == whole.counts.entries.reduce(0) { $0 + $1.count } - expected.reduce(0) { $0 + $1.count })
            }
        }
    }

    @Test("rows read a column at a time from the pages are the rows read whole, in any piece of every fixture")
    func columnarValues() throws {
        let (files, _) = try Self.expected()
        for name in files.keys.sorted() {
            let table = try ParquetTable(path: Self.folder + "/" + name)
            let count = try table.rowCount(progress: .unwatched)
            let columns = Array(table.columnTitles.indices.reversed())
            for piece in [0..<count, 0..<1, 250..<777, (count - 3)..<(count + 5), -5..<2] {
                let columnar = try table.columnarValues(ofColumns: columns, at: piece, progress: .unwatched)
                let whole = try table.values(ofColumns: columns, at: piece, progress: .unwatched)
                #expect(columnar.count == whole.count, "\(name) \(piece)")
                let texts = (0..<columnar.count).map { columnar.row(at: $0).fields }
                #expect(texts == whole.map { $0.map { $0.isMissing ? "" : $0.description } }, "\(name) \(piece)")
            }
        }
    }

    @Test("a chunk's offset index places its pages: a row far down reads its page's header and body and none before it; a damaged index is passed over, the pages found by their headers")
    func offsetIndex() throws {
        let path = Self.folder + "/types-page-index.parquet"
        let table = try ParquetTable(path: path)
        let (_, tables) = try Self.expected()
        let expected = try #require(tables["types"])
        let leaf = table.root.children[0]
        let chunk = (try table.layout()).metadata.rowGroups[1].columns[leaf.leaves.lowerBound]
        let placed = try ParquetPageIndex(chunk, leaf: leaf, file: table.file)
        #expect(placed.fromOffsetIndex && placed.pages.count >= 3 && placed.pages.allSatisfy { $0.header == nil })
        let far = try table.rows(at: 790..<792, progress: .unwatched).map { $0.map { $0.isMissing ? "" : $0.description } }
        #expect(far == Array(expected.rows[790..<792]))
        let read = table.cache.kept.keys.filter { $0.group == 1 && $0.field == 0 && $0.page >= 0 }
        #expect(read.count == 1 && read.first.map { $0.page > 0 } == true, "\(read.map(\.page))")
        // The index's bytes overwritten: the pages are found as if there were none.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let index = try #require(chunk.offsetIndex)
        for k in index { bytes[Int(k)] = 0xFF }
        let damaged = try Self.opening(bytes)
        #expect(try !ParquetPageIndex(chunk, leaf: leaf, file: damaged.file).fromOffsetIndex)
        #expect(try Self.texts(damaged) == expected.rows)
    }

    /// The summary of `table` made a column at a time over every row read into memory (the
    /// way a source without a pass of its own is summarised), of the rows `filters` keep.
    static func summaryOverRows(_ table: ParquetTable, where filters: [RowFilter]) throws -> [ColumnSummary] {
        let kept = filters.isEmpty ? nil : Array(try table.rowNames(where: filters, orderedBy: [], progress: .unwatched))
        return try table.columnTitles.indices.flatMap { try table.summary(ofColumn: $0, within: kept, progress: .unwatched) }
    }

    @Test("a summary in one pass over the pages, pieces of rows on every core, is the summary of every row read into memory a column at a time, in every fixture and with filters")
    func summaryInOnePass() throws {
        let (files, _) = try Self.expected()
        for name in files.keys.sorted() {
            var table = try ParquetTable(path: Self.folder + "/" + name)
            let overRows = try Self.summaryOverRows(table, where: [])
            #expect(try table.summary(where: [], progress: .unwatched) == overRows, "\(name)")
            table.loop = ExploreData.threeAtOnce
            #expect(try table.summary(where: [], progress: .unwatched) == overRows, "\(name)")
            if table.columnTitles.contains("id") {
                let filter = try RowFilter(parsing: "id>=10", columns: ColumnNames(table.columnTitles))
                #expect(try table.summary(where: [filter], progress: .unwatched) == (try Self.summaryOverRows(table, where: [filter])), "\(name)")
            }
        }
        // Past a piece of rows and the median's sample: pieces on three cores, a second pass for exact medians.
        var lines = ["n,r,t"]
        for i in 0..<200_000 { lines.append("\((i * 7_919) % 100_003),\(i % 7 == 0 ? "" : "\(Double(i % 977) / 4)"),\(i % 11 == 0 ? "NA" : "w\(i % 5_000)")") }
        var big = try ParquetWriterTests.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, false])
        big.loop = ExploreData.threeAtOnce
        let summary = try big.summary(where: [], progress: .unwatched)
        #expect(summary == (try Self.summaryOverRows(big, where: [])))
        #expect(summary[0].medianIsEstimate == false && summary[1].missing == 28_572 && summary[2].missing == 18_182)
    }

    @Test("what the footer's statistics say of a column (count, missing, type, least and greatest) is what the summary of every value says, in every fixture; what could read otherwise is left unknown")
    func knownSummaryAgrees() throws {
        var figures = 0, minima = 0
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".parquet") }.sorted()
        for name in names {
            let table = try ParquetTable(path: Self.folder + "/" + name)
            let known = try #require(table.knownSummary, "\(name)")
            let full = try table.summary(where: [], progress: .unwatched)
            #expect(known.map(\.title) == full.map(\.title), "\(name)")
            for (k, f) in zip(known, full) {
                let place = "\(name): \(k.title)"
                if let count = k.count { #expect(count == f.count, "\(place)"); figures += 1 }
                if let missing = k.missing { #expect(missing == f.missing, "\(place)") }
                if let kind = k.kind { #expect(kind == f.kind, "\(place)") }
                if let minimum = k.minimum { #expect(minimum == f.minimum, "\(place)"); minima += 1 }
                if let maximum = k.maximum { #expect(maximum == f.maximum, "\(place)") }
            }
        }
        // The statistics are there to be read: pyarrow, DuckDB and polars write them.
        #expect(figures > 50 && minima > 10, "\(figures) counts and \(minima) least values known")
    }

    @Test("a filter reads only the pages whose column index lets a row meet it: the pages' least and greatest values rule out the rest, within row groups no statistic rules out; the rows kept are every row the filter keeps")
    func columnIndexSkipsPages() throws {
        let indexed = try ParquetTable(path: Self.folder + "/types-page-index.parquet")
        let plain = try ParquetTable(path: Self.folder + "/types-snappy.parquet")
        let columns = ColumnNames(indexed.columnTitles)
        // The doubles climb by a seventh a row (a few special values, ∞ among them, at the top):
        // each row group of 400 spans much, each page of 64 rows little.
        let high = try RowFilter(parsing: "double>60", columns: columns)
        let ranges = try #require(try indexed.rowRanges(where: [high], progress: .unwatched))
        let covered = ranges.reduce(0) { $0 + $1.count }
        #expect(covered > 0 && covered < 600, "fewer rows than the two row groups the statistics keep: \(ranges)")
        let matching = try indexed.rowNames(where: [high], orderedBy: [], progress: .unwatched)
        #expect(matching.count > 50 && matching.allSatisfy { row in ranges.contains { $0.contains(row) } })
        #expect(matching == (try plain.rowNames(where: [high], orderedBy: [], progress: .unwatched)))
        #expect(try plain.rowRanges(where: [high], progress: .unwatched)?.reduce(0) { $0 + $1.count } ?? 0 >= 300, "without a page index, whole groups")
        // Two filters keep the pages both leave.
        let low = try RowFilter(parsing: "double<65", columns: columns)
        let both = try #require(try indexed.rowRanges(where: [high, low], progress: .unwatched))
        #expect(both.reduce(0) { $0 + $1.count } < covered, "\(both)")
        #expect(try indexed.rowNames(where: [high, low], orderedBy: [], progress: .unwatched) == plain.rowNames(where: [high, low], orderedBy: [], progress: .unwatched))
        #expect(ParquetTable.intersection([0..<10, 20..<30], [5..<25]) == [5..<10, 20..<25])
    }

    @Test("a footer's statistics are taken only where they read as the values do: a zero (written -0.0), a NaN and a whole number past 2^53 leave the least and greatest unknown")
    func knownSummaryLeavesDoubtful() throws {
        let path = "/tmp/scrollwork-parquet-known-\(getpid()).parquet"
        defer { unlink(path) }
        let rows: [[String?]] = [["0", "-0.0", "1"], ["9007199254740993", "2.5", "NaN"]]
        let output = try OutputFile(path: path)
        var kinds: [ParquetColumnKind]? = nil
        // Each start over widens the columns the first value that did not fit names.
        for _ in 0..<4 {
            var writer = try TableWriter(output: output, format: .parquet, titles: ["big", "zero", "nan"], numeric: [true, true, true], parquetKinds: kinds)
            try writer.append(rows)
            guard let wider = writer.widerKinds else { try writer.finish(); break }
            kinds = wider
            try output.startOver()
        }
        let table = try ParquetTable(path: path)
        let known = try #require(table.knownSummary)
        let full = try table.summary(where: [], progress: .unwatched)
        for (k, f) in zip(known, full) {
            #expect(k.count == f.count && k.missing == 0)
            if let minimum = k.minimum { #expect(minimum == f.minimum) }
        }
        #expect(known[0].minimum == nil && known[1].minimum == nil, "past 2^53; a zero")
        #expect(known[2].minimum == "1" && known[2].maximum == "1", "a NaN left out, as the summary leaves it out")
    }

    @Test("every public Parquet call with the ends of its types: no path opens what is not a Parquet file, no range, name or column traps")
    func totalCalls() throws {
        for path in ["", "/", "/nonexistent/x.parquet", Self.folder, Self.folder + "/expected.json", "\u{0}"] {
            #expect(throws: ParquetError.self) { _ = try ParquetTable(path: path) }
        }
        let table = try ParquetTable(path: Self.folder + "/nested.parquet")
        for range in [Int.min..<Int.max, Int.min..<Int.min, Int.max..<Int.max, -1..<1, 59..<61] {
            #expect(try table.rows(at: range, progress: .unwatched).count <= 60)
        }
        for column in [-1, 4, Int.max, Int.min] {
            #expect(throws: TableSourceError.self) { _ = try table.values(ofColumns: [column], at: 0..<1, progress: .unwatched) }
            #expect(throws: TableSourceError.self) { _ = try table.values(ofColumns: [column], named: [0], progress: .unwatched) }
            #expect(throws: TableSourceError.self) { _ = try table.frequency(ofColumn: column, where: [], progress: .unwatched) }
            #expect(!table.isNumeric(column))
        }
        #expect(try table.rows(named: [Int.min, Int.max, -1, 60, 0], progress: .unwatched).count == 5)
        #expect(throws: TableSourceError.cancelled) { _ = try table.rows(at: 0..<60, progress: TableProgress(isCancelled: { true })) }
        #expect(ParquetTable.cacheLimit > 0)
    }
}

/// Rows held a column at a time: what the passes over a source without an engine read.
@Suite struct ColumnarRowsTests {
    @Test("each field reads back as it was appended, whole and in place; missing values are empty; rows outside have no fields")
    func readsBack() {
        var rows = ColumnarRows(width: 3)
        rows.append([.int(1), .string("Zoë"), .missing("NULL")])
        rows.append([.double(2.5)])
        rows.append([.string(""), .string("a,b"), .int(3), .int(99)])
        #expect(rows.count == 3 && rows.width == 3)
        #expect(rows.row(at: 0).fields == ["1", "Zoë", ""])
        #expect(rows.row(at: 1).fields == ["2.5", "", ""])
        #expect(rows.row(at: 2).fields == ["", "a,b", "3"])
        // A row read whole marks its nulls apart from an empty text, as the fields read in place do.
        #expect(rows.row(at: 0).nulls == [2] && rows.row(at: 1).nulls == [1, 2] && rows.row(at: 2).nulls.isEmpty)
        #expect(rows.row(at: 1)[1] == nil && rows.row(at: 2)[0] == "")
        #expect(rows.row(at: -1).fields.isEmpty && rows.row(at: Int.max).fields.isEmpty)
        let names = rows.values(ofField: 1, at: [2, 0, 5, -1]) { $0.map { String(decoding: $0, as: UTF8.self) } }
        #expect(names == ["a,b", "Zoë", nil, nil])
        #expect(rows.values(ofField: 7, at: [0]) { $0 == nil } == [true])
        #expect(rows.fields(at: [2]) { _, fields in fields.strings } == [["", "a,b", "3"]])
        #expect(ColumnarRows(width: -4).width == 0)
    }
}
