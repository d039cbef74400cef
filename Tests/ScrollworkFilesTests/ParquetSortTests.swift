import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67 item 3: a Parquet table sorts by its pages' typed values, a piece of rows at a time.
@Suite struct ParquetSortTests {
    @Test("a sort by integers is exact past 2⁵³ (text read as reals took 9007199254740993 for …992), nulls last both ways, ties in the file's order")
    func integersSortExactly() throws {
        let csv = "n,t\n9007199254740993,a\n9007199254740992,b\n-5,c\n,d\n9007199254740992,e\n"
        let table = try ParquetWriterTests.savedFromFile(csv, numeric: [true, false])
        #expect(ParquetWriterTests.physicalTypes(table)[0] == 2, "INT64")
        #expect(try table.rowNames(where: [], orderedBy: [ColumnOrder(column: 0)], progress: .unwatched) == [2, 1, 4, 0, 3])
        #expect(try table.rowNames(where: [], orderedBy: [ColumnOrder(column: 0, ascending: false)], progress: .unwatched) == [0, 1, 4, 2, 3])
    }

    @Test("a page read whole through an index that lacks its dictionary is decoded from its own page, though the index kept meanwhile stops short of it (a sort on two cores failed now and then: 'could not read row group 44's entries')")
    func pageBeyondTheKeptIndex() throws {
        let table = try ParquetTable(path: ParquetReaderTests.folder + "/types-small-pages.parquet")
        let field = try #require(table.columnTitles.firstIndex(of: "string"))
        // One core keeps an index found as far as the first page; another found every page.
        let short = try table.pageIndex(field, group: 0, through: 0, wholeDictionary: false)
        let long = try ParquetPageIndex(table.rowGroup(0).columns[table.root.children[field].leaves.lowerBound], leaf: table.root.children[field],
                                        file: table.file, wholeDictionary: false)
        #expect(short.pages.count < long.pages.count && long.lacksDictionary)
        let last = long.pages.count - 1
        let column = try table.pageColumn(field, group: 0, page: last, index: long, through: long.pages[last].valueCount - 1)
        #expect(column.rows == long.pages[last].valueCount)
        // Its values are the rows the table shows there.
        let first = long.pages[last].firstSlot
        #expect(column.values(Array(0..<column.rows)) == (try table.values(ofField: field, group: 0, rows: Array(first..<first + column.rows))))
        // A page no index holds is refused, not decoded as a page of no rows.
        #expect(throws: TableSourceError.self) { try table.pageColumn(field, group: 0, page: long.pages.count + 5, index: long) }
    }

    @Test("a sort of every row or of those a filter keeps, and a frequency table, on every core, give what the rows read as text give; a sort reads only its column")
    func filteredSortOnEveryCore() throws {
        var lines = ["n,r,t,other"]
        for i in 0..<300_000 { lines.append("\((i * 7_919) % 1_000),\(Double(i % 977) / 4),w\((i * 31) % 5_000),x\(i)") }
        var table = try ParquetWriterTests.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, false, false])
        table.loop = ConcurrentLoop(width: 3) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }
        let names = ColumnNames(table.columnTitles)
        let filter = try RowFilter(parsing: "n>=500", columns: names)
        // Every row (more than two of the sort's pieces: read on every core), and those the filter keeps.
        for (filters, order) in [([], [ColumnOrder(column: 0), ColumnOrder(column: 1, ascending: false)]), ([filter], [ColumnOrder(column: 2)]), ([], [ColumnOrder(column: 1)]),
                                 ([filter], [ColumnOrder(column: 3, ascending: false)])] {
            let typed = try table.rowNames(where: filters, orderedBy: order, progress: .unwatched)
            #expect(typed == (try table.rowNamesOverRows(where: filters, orderedBy: order, progress: .unwatched)), "\(order)")
        }
        // A frequency table counted a row group per core is the one the rows read give.
        #expect((try table.layout()).metadata.rowGroups.count >= 3)
        for column in [0, 2] {
            let counted = try table.frequency(ofColumn: column, where: [], progress: .unwatched)
            let overRows = try table.frequencyOverRows(ofColumn: column, where: [], progress: .unwatched)
            #expect(counted.entries == overRows.entries && counted.total == overRows.total)
        }
        let fresh = try ParquetTable(file: table.file)
        _ = try fresh.rowNames(where: [], orderedBy: [ColumnOrder(column: 1)], progress: .unwatched)
        #expect(Set(fresh.cache.kept.keys.map(\.field)) == [1], "only the sort column's pages are read")
    }

    @Test("`/` in a sorted view, the rows holding the text found a row group a core, finds what testing the rows in that order finds, either way")
    func searchInSortedOrder() throws {
        var lines = ["n,r,t"]
        for i in 0..<70_000 { lines.append("\((i * 7_919) % 1_000),\(i % 9 == 0 ? "" : "\(Double(i % 977) / 4)"),w\((i * 31) % 5_000)") }
        var table = try ParquetWriterTests.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, false])
        #expect((try table.layout()).metadata.rowGroups.count == 2)
        table.loop = ConcurrentLoop(width: 2) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }
        let sorted = Array(try table.rowNames(where: [], orderedBy: [ColumnOrder(column: 2, ascending: false)], progress: .unwatched))
        // Text only the text column holds, digits any column may, a null's NULL, and text no row holds.
        for text in ["w4999", "W123", "0.25", "17", "null", "nowhere"] {
            for forward in [true, false] {
                let found = try table.firstPlace(among: sorted, holding: text, forward: forward, progress: .unwatched)
                #expect(found == (try table.firstPlaceOverRows(among: sorted, holding: text, forward: forward, progress: .unwatched)), "\(text) \(forward)")
            }
        }
        // Found once for every row, whatever the order, and kept for `n`: w4999 is every 5,000th row's.
        _ = try table.firstPlace(among: sorted, holding: "w4999", forward: true, progress: .unwatched)
        let marks = try #require(table.searches.marks(for: "w4999"))
        #expect(marks.count == 70_000 && marks.filter { $0 }.count == 14)
    }

    @Test("a save by name makes each row's text straight from the columns read: the text the values give, in the names' order, a name no row has missing")
    func textsByName() throws {
        var lines = ["n,r,t"]
        for i in 0..<70_000 { lines.append("\(i),\(i % 9 == 0 ? "" : "\(Double(i) / 4)"),w\(i % 5_000)") }
        let table = try ParquetWriterTests.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, false])
        let names = [69_999, 3, 70_000, 65_536, 0, -1, 65_535]
        let texts = try table.texts(ofColumns: [2, 0, 1], named: names, progress: .unwatched).rows
        #expect(texts == (try table.values(ofColumns: [2, 0, 1], named: names, progress: .unwatched)).map { $0.map(\.presentText) })
        #expect(texts[0] == ["w4999", "69999", "17499.75"] && texts[2] == [nil, nil, nil] && texts[4] == ["w0", "0", nil])
        // By position: a run across the row groups' edge, cut at the pages' edges, and past the end.
        let run = try table.texts(ofColumns: [0, 1, 2], at: 65_000..<70_010, progress: .unwatched)
        #expect(run.rowCount == 5_000)
        #expect(run.rows == (try table.values(ofColumns: [0, 1, 2], at: 65_000..<70_010, progress: .unwatched)).map { $0.map(\.presentText) })
    }

    @Test("in every fixture (each codec, encoding, page version and type), every column sorts both ways as its values do, and a save's text by name is its values' text")
    func everyFixtureSortsAndSaves() throws {
        let (files, _) = try ParquetReaderTests.expected()
        for name in files.keys.sorted() {
            let table = try ParquetTable(path: ParquetReaderTests.folder + "/" + name)
            let count = try table.rowCount(progress: .unwatched)
            // The rows read as text sort numbers as reals, which cannot tell apart the decimals
            // of the decimals fixtures (decimalsSortExactly checks those).
            for column in table.columnTitles.indices where files[name] != "decimals" {
                for ascending in [true, false] {
                    let order = [ColumnOrder(column: column, ascending: ascending)]
                    let typed = try table.rowNames(where: [], orderedBy: order, progress: .unwatched)
                    #expect(typed == (try table.rowNamesOverRows(where: [], orderedBy: order, progress: .unwatched)), "\(name) \(table.columnTitles[column]) \(ascending)")
                }
            }
            let all = Array(table.columnTitles.indices)
            let names = Array((0..<count).reversed()) + [count, -1]
            #expect(try table.texts(ofColumns: all, named: names, progress: .unwatched).rows == (try table.values(ofColumns: all, named: names, progress: .unwatched)).map { $0.map(\.presentText) }, "\(name)")
        }
    }

    @Test("a decimal sorts by its exact value, in memory and spilled, as DuckDB sorts it: neighbours a real cannot tell apart (…456.78 and …77, 9007199254740993 and …992), past 2⁶³ and of 38 digits, stored as 64-bit numbers and as bytes, plainly and in dictionaries; nulls last, ties in the file's order")
    func decimalsSortExactly() throws {
        let (files, tables) = try ParquetReaderTests.expected()
        let expected = try #require(tables["decimals"])
        let names = files.keys.sorted().filter { files[$0] == "decimals" }
        #expect(names.count == 2)
        for name in names {
            let table = try ParquetTable(path: ParquetReaderTests.folder + "/" + name)
            for column in table.columnTitles.indices {
                let texts = expected.rows.map { $0[column] }
                for ascending in [true, false] {
                    let want = texts.indices.sorted { a, b in
                        switch (texts[a].isEmpty, texts[b].isEmpty) {
                        case (true, true): return a < b
                        case (true, false): return false
                        case (false, true): return true
                        case (false, false):
                            let order = Self.decimalOrder(texts[a], texts[b])
                            return order == 0 ? a < b : ascending == (order < 0)
                        }
                    }
                    let order = [ColumnOrder(column: column, ascending: ascending)]
                    #expect(try table.rowNames(where: [], orderedBy: order, progress: .unwatched) == RowOrder(want), "\(name) \(table.columnTitles[column]) \(ascending)")
                    let spilled = try SpilledSortTests.holding(5, table).rowNames(where: [], orderedBy: order, progress: .unwatched)
                    #expect(spilled.isSpooled && spilled == RowOrder(want), "\(name) \(table.columnTitles[column]) \(ascending), spilled")
                }
            }
        }
    }

    /// -1, 0 or 1 as the decimal text `a` is below, equal to or above `b`, both written with as
    /// many digits after the point and no zeros before the first digit but a lone one.
    static func decimalOrder(_ a: String, _ b: String) -> Int {
        let negative = (a.hasPrefix("-"), b.hasPrefix("-"))
        if negative.0 != negative.1 { return negative.0 ? -1 : 1 }
        let (x, y) = (a.drop { $0 == "-" }, b.drop { $0 == "-" })
        let magnitude = x.count != y.count ? (x.count < y.count ? -1 : 1) : x == y ? 0 : (x < y ? -1 : 1)
        return negative.0 ? -magnitude : magnitude
    }

    @Test("a filter compares a decimal with its number exactly, in a Parquet file as DuckDB does: every value of every column of the decimals fixtures with each of =, !=, <, <=, >, >=")
    func decimalsFilterExactly() throws {
        let (files, tables) = try ParquetReaderTests.expected()
        let expected = try #require(tables["decimals"])
        for name in files.keys.sorted() where files[name] == "decimals" {
            let table = try ParquetTable(path: ParquetReaderTests.folder + "/" + name)
            let columns = ColumnNames(table.columnTitles)
            for (column, title) in table.columnTitles.enumerated() {
                let texts = expected.rows.map { $0[column] }
                for bound in Set(texts.filter { !$0.isEmpty }) {
                    for symbol in ["=", "!=", "<", "<=", ">", ">="] {
                        let kept = try table.rowNames(where: [try RowFilter(parsing: title + symbol + bound, columns: columns)], orderedBy: [], progress: .unwatched)
                        let want = texts.indices.filter { row in
                            // A null is no number: it passes != alone.
                            guard !texts[row].isEmpty else { return symbol == "!=" }
                            let order = Self.decimalOrder(texts[row], bound)
                            switch symbol {
                            case "=": return order == 0
                            case "!=": return order != 0
                            case "<": return order < 0
                            case "<=": return order <= 0
                            case ">": return order > 0
                            default: return order >= 0
                            }
                        }
                        #expect(kept == RowOrder(want), "\(name): \(title)\(symbol)\(bound)")
                    }
                }
            }
        }
    }

    @Test("a sort stops when its progress says stop")
    func cancelled() throws {
        let table = try ParquetWriterTests.savedFromFile("n\n3\n1\n2\n", numeric: [true])
        let stop = TableProgress(isCancelled: { true })
        #expect(throws: TableSourceError.cancelled) { try table.rowNames(where: [], orderedBy: [ColumnOrder(column: 0)], progress: stop) }
    }
}

/// Values read from dictionaries sort by each entry's rank among every row group's entries.
@Suite struct ParquetTextRankSortTests {
    @Test("text of every length, nulls, empty text and text beyond ASCII, whole numbers and reals with nulls, in row groups whose dictionaries differ, sort by ranks exactly as by the values, both ways, filtered or not, alone or with another column")
    func ranksSortAsText() throws {
        let words = ["N123A", "N-FIRST-ROW", "", "ü-umlaut", "Zulu", "zulu", "a much longer tail number than eight bytes", "N99", "N100"]
        var lines = ["t,n,r"]
        for i in 0..<140_000 {
            // Each row group holds its own mix: the words a group never names are not in its dictionary.
            let group = i / 65_536
            let word = words[(i * 7 + group * 3) % (words.count - group)]
            let real = i % 13 == 0 ? "" : "\(Double((i * 31) % 17 - 8 + group) / 4)"
            lines.append(i % 11 == 0 ? ",\(i),\(real)" : "\"\(word)\",\(i % 5),\(real)")
        }
        var table = try ParquetWriterTests.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [false, true, true])
        #expect((try table.layout()).metadata.rowGroups.count == 3)
        table.loop = ConcurrentLoop(width: 3) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }
        for field in 0..<3 {
            let ranks = try #require(try ParquetEntryRanks(table: table, field: field, textOrder: .lexical), "every chunk of column \(field) is dictionary-encoded")
            #expect(ranks.ranks.count == 3)
        }
        let filter = try RowFilter(parsing: "n<3", columns: ColumnNames(table.columnTitles))
        for filters in [[], [filter]] {
            for order in [[ColumnOrder(column: 0)], [ColumnOrder(column: 0, ascending: false)], [ColumnOrder(column: 1), ColumnOrder(column: 0, ascending: false)],
                          [ColumnOrder(column: 2)], [ColumnOrder(column: 2, ascending: false), ColumnOrder(column: 0)]] {
                let typed = try table.rowNames(where: filters, orderedBy: order, progress: .unwatched)
                #expect(typed == (try table.rowNamesOverRows(where: filters, orderedBy: order, progress: .unwatched)), "\(order) \(filters.count)")
            }
        }
    }

    @Test("a chunk whose pages an offset index placed (headers unread) sorts by its text, not by ranks")
    func offsetIndexedPagesSortByText() throws {
        let table = try ParquetTable(path: ParquetReaderTests.folder + "/types-page-index.parquet")
        let text = try #require(table.columnTitles.indices.first { table.root.children[$0].kind == .text })
        #expect(try ParquetEntryRanks(table: table, field: text, textOrder: .lexical) == nil)
    }
}

/// A frequency table counted from a dictionary page's indices, none of them kept.
@Suite struct ParquetFrequencyTests {
    @Test("in every fixture (each codec, encoding, page version, nulls), every column's frequency table is the one its rows read as text give")
    func everyFixtureCounts() throws {
        let (files, _) = try ParquetReaderTests.expected()
        for name in files.keys.sorted() {
            let table = try ParquetTable(path: ParquetReaderTests.folder + "/" + name)
            for column in table.columnTitles.indices {
                let counted = try table.frequency(ofColumn: column, where: [], progress: .unwatched)
                let overRows = try table.frequencyOverRows(ofColumn: column, where: [], progress: .unwatched)
                #expect(counted.entries == overRows.entries && counted.total == overRows.total, "\(name) \(table.columnTitles[column])")
            }
        }
    }
}
