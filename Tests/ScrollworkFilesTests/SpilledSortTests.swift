import Foundation
import Scrollwork
import ScrollworkTestSupport
import Testing
@testable import ScrollworkFiles

/// #67 item 2: a sort of more rows than it holds in memory sorts them a piece at a time and
/// merges the pieces, the order kept in a temporary file, and gives the order a sort in memory
/// gives.
@Suite struct SpilledSortTests {
    /// The order of `places` by (missing last, key in `ascending` order, place): what every
    /// sort of a table gives.
    static func reference(_ keys: [UInt64], _ missing: [Bool], ascending: Bool) -> [Int] {
        keys.indices.sorted { a, b in
            if missing[a] != missing[b] { return !missing[a] }
            if !missing[a], keys[a] != keys[b] { return ascending ? keys[a] < keys[b] : keys[a] > keys[b] }
            return a < b
        }
    }

    @Test("pieces of any size merge into the order a sort of every key at once gives: ties in the places' order, missing keys last both ways, each place named as asked")
    func piecesMergeInOrder() throws {
        var random = SystemRandomNumberGenerator()
        for (count, piece) in [(0, 3), (1, 1), (10, 3), (1_000, 7), (5_000, 4_999), (5_000, 5_000), (20_000, 1_024)] {
            // Few distinct keys (ties), the extremes, and missing ones.
            let keys = (0..<count).map { _ in [0, UInt64.max, UInt64.random(in: 0...5, using: &random), UInt64.random(in: 0...UInt64.max, using: &random)].randomElement(using: &random)! }
            let missing = (0..<count).map { _ in Int.random(in: 0..<6, using: &random) == 0 }
            for ascending in [true, false] {
                let order = try SpilledSort(pieceRows: piece, ascending: ascending)
                    .order(count: count, keys: { range in [.init(keys: Array(keys[range]), missing: Array(missing[range]))] }, name: { $0 * 3 }, progress: .unwatched)
                let expected = Self.reference(keys, missing, ascending: ascending).map { $0 * 3 }
                #expect(Array(order) == expected, "\(count) rows in pieces of \(piece), ascending \(ascending)")
                #expect(order.largest == expected.max())
            }
        }
    }

    @Test("keys of several columns, each in its own direction with its missing keys last, merge into the order a sort of every row at once gives: pieces of any size, ties in the places' order")
    func severalKeysMergeInOrder() throws {
        var random = SystemRandomNumberGenerator()
        for (count, piece) in [(0, 2), (1, 1), (12, 5), (2_000, 7), (6_000, 1_000), (6_000, 6_001)] {
            for directions in [[true, true], [false, true], [true, false, false], [false, true, false, true, true, false, true, false]] {
                // Few distinct keys a column, so the first ties often and the later ones decide.
                let columns = directions.indices.map { j in
                    (keys: (0..<count).map { _ in [0, UInt64.max, UInt64.random(in: 0...UInt64(j + 1), using: &random)].randomElement(using: &random)! },
                     missing: (0..<count).map { _ in Int.random(in: 0..<5, using: &random) == 0 })
                }
                let expected = (0..<count).sorted { a, b in
                    for (j, column) in columns.enumerated() {
                        if column.missing[a] != column.missing[b] { return !column.missing[a] }
                        if !column.missing[a], column.keys[a] != column.keys[b] { return directions[j] == (column.keys[a] < column.keys[b]) }
                    }
                    return a < b
                }
                let order = try SpilledSort(pieceRows: piece, ascending: directions).order(count: count, keys: { range in
                    columns.map { .init(keys: Array($0.keys[range]), missing: Array($0.missing[range])) }
                }, name: { $0 + 1 }, progress: .unwatched)
                #expect(Array(order) == expected.map { $0 + 1 }, "\(count) rows in pieces of \(piece), directions \(directions)")
            }
        }
    }

    /// -1, 0 or 1 as `a` comes before, with or after `b` byte by byte, a text before any that
    /// goes on from it: the reference for keys of text.
    static func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a == b ? 0 : a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    @Test("keys of text merge into the order a sort of every text at once gives: byte by byte, a text before those that go on from it, long shared beginnings, zero bytes, missing texts last both ways, with keys of words before and after, however little the merge reads ahead")
    func textKeysMergeInOrder() throws {
        var random = SystemRandomNumberGenerator()
        // Texts that tie in their first eight bytes and past them, differ only in length, or
        // hold zero bytes where a shorter text is padded.
        let stems: [[UInt8]] = [[], Array("a".utf8), Array("ab".utf8), Array("https://example.com/path/".utf8), [0x61, 0x62, 0], Array(repeating: 0xFF, count: 9), [0]]
        func text() -> [UInt8]? {
            guard Int.random(in: 0..<7, using: &random) != 0 else { return nil }
            let stem = stems.randomElement(using: &random)!
            return stem + (0..<Int.random(in: 0...20, using: &random)).map { _ in [0, 0x61, 0x62, 0xC3, 0xFF].randomElement(using: &random)! }
        }
        for (count, piece) in [(0, 2), (1, 1), (17, 4), (3_000, 256), (3_000, 3_001)] {
            let texts = (0..<count).map { _ in text() }
            let words = (0..<count).map { _ in UInt64.random(in: 0...2, using: &random) }
            for (directions, textFirst) in [([true], true), ([false], true), ([true, false], true), ([false, true], false), ([true, true, false], true)] {
                /// True for the key of text: the first or the second.
                func isText(_ j: Int) -> Bool { j == (textFirst ? 0 : 1) }
                let expected = (0..<count).sorted { a, b in
                    for (j, ascending) in directions.enumerated() {
                        if isText(j) {
                            if (texts[a] == nil) != (texts[b] == nil) { return texts[a] != nil }
                            if let x = texts[a], let y = texts[b], Self.compareBytes(x, y) != 0 { return (Self.compareBytes(x, y) < 0) == ascending }
                        } else if words[a] != words[b] {
                            return (words[a] < words[b]) == ascending
                        }
                    }
                    return a < b
                }
                for textWords in [1, 40, 1 << 23] {
                    var sort = SpilledSort(pieceRows: piece, ascending: directions)
                    sort.textWordsMerged = textWords
                    let order = try sort.order(count: count, keys: { range in
                        directions.indices.map { j in
                            isText(j)
                                ? SpilledSort.Keys(texts: Array(texts[range]))
                                : SpilledSort.Keys(keys: Array(words[range]), missing: Array(repeating: false, count: range.count))
                        }
                    }, name: { $0 }, progress: .unwatched)
                    let got = Array(order)
                    let first = (0..<Swift.min(got.count, expected.count)).first { got[$0] != expected[$0] }
                    #expect(first == nil && got.count == expected.count, "\(count) rows in pieces of \(piece), directions \(directions), text first \(textFirst), \(textWords) words read ahead: first differs at \(String(describing: first)): \(first.map { [got[$0], expected[$0]].map { "\($0) \(String(describing: texts[$0])) \(words[$0])" } } ?? [])")
                }
            }
        }
    }

    @Test("a piece that reads text for a column in one piece and words in another is refused with a message")
    func textKeysOfOneKind() {
        #expect(throws: TableSourceError.failed("the sort read text for a column in one piece and not in another")) {
            try SpilledSort(pieceRows: 2, ascending: true).order(count: 4, keys: { range in
                [range.lowerBound == 0 ? .init(texts: [[1], [2]]) : .init(keys: [1, 2], missing: [])]
            }, name: { $0 }, progress: .unwatched)
        }
    }

    @Test("a sort spills only where the temporary directory has room for its runs and order (24 bytes a row, 8 more a further key, 16 more and its bytes a key of text), whatever the count, by 1 to 8 keys")
    func spillsWhereThereIsRoom() {
        #expect(SpilledSort.fits(rows: 1_000, budget: 24_000) && !SpilledSort.fits(rows: 1_001, budget: 24_000))
        #expect(SpilledSort.fits(rows: 1_000, keys: 3, budget: 40_000) && !SpilledSort.fits(rows: 1_001, keys: 3, budget: 40_000))
        #expect(SpilledSort.fits(rows: Int.min, budget: 0) && !SpilledSort.fits(rows: Int.max, budget: .max))
        #expect(!SpilledSort.fits(rows: 10, keys: 0, budget: .max) && !SpilledSort.fits(rows: 10, keys: 9, budget: .max) && !SpilledSort.fits(rows: 10, keys: .min, budget: .max))
        #expect(SpilledSort.fits(rows: (1 << 56) - 1, keys: 8, budget: .max) && !SpilledSort.fits(rows: 1 << 56, keys: 8, budget: .max))
        // A key of text takes its length and a word of padding more a row, and its bytes.
        #expect(SpilledSort.bytesPerRow(keys: 2, textKeys: 1) == 48 && SpilledSort.bytesPerRow(keys: 1, textKeys: 5) == 40)
        #expect(SpilledSort.fits(rows: 1_000, keys: 2, textKeys: 1, textBytes: 2_000, budget: 50_000) && !SpilledSort.fits(rows: 1_000, keys: 2, textKeys: 1, textBytes: 2_001, budget: 50_000))
        #expect(!SpilledSort.fits(rows: 10, textKeys: 1, textBytes: .max, budget: .max) && !SpilledSort.fits(rows: 10, textKeys: .max, textBytes: .max - 100, budget: .max))
    }

    @Test("a sort told to stop stops between pieces, and keys of the wrong count are refused with a message")
    func stopsAndRefuses() throws {
        let stop = TableProgress(isCancelled: { true })
        #expect(throws: TableSourceError.cancelled) {
            try SpilledSort(pieceRows: 10, ascending: true).order(count: 100, keys: { range in [.init(keys: Array(repeating: 0, count: range.count), missing: [])] }, name: { $0 }, progress: stop)
        }
        #expect(throws: TableSourceError.failed("the sort read 3 keys for 10 rows")) {
            try SpilledSort(pieceRows: 10, ascending: true).order(count: 100, keys: { _ in [.init(keys: [1, 2, 3], missing: [])] }, name: { $0 }, progress: .unwatched)
        }
        #expect(throws: TableSourceError.failed("the sort read keys of 1 columns for 2")) {
            try SpilledSort(pieceRows: 10, ascending: [true, false]).order(count: 100, keys: { range in [.init(keys: Array(repeating: 0, count: range.count), missing: [])] }, name: { $0 }, progress: .unwatched)
        }
        #expect(throws: TableSourceError.unsupported("a sort spills by 1 to 8 keys, not 9")) {
            try SpilledSort(pieceRows: 10, ascending: Array(repeating: true, count: 9)).order(count: 100, keys: { _ in [] }, name: { $0 }, progress: .unwatched)
        }
        #expect(throws: TableSourceError.unsupported("a sort spills by 1 to 8 keys, not 0")) {
            try SpilledSort(pieceRows: 10, ascending: []).order(count: 100, keys: { _ in [] }, name: { $0 }, progress: .unwatched)
        }
        #expect(throws: TableSourceError.unsupported("a sort by 8 keys spills at most \((1 << 56) - 1) rows, not \(Int.max)")) {
            try SpilledSort(pieceRows: 10, ascending: Array(repeating: true, count: 8)).order(count: .max, keys: { _ in [] }, name: { $0 }, progress: .unwatched)
        }
    }

    @Test("an order kept in a temporary file reads as the list it holds: across blocks, a range clamped, a place outside it -1, equal to the same list kept in memory")
    func spooledOrderReads() throws {
        let words = try SpooledWords(purpose: "a test's words")
        let count = 3 * SpooledWords.blockWords + 17
        let names = (0..<count).map { ($0 * 7_919) % count }
        try words.append(contentsOf: names.prefix(100).map(UInt64.init))
        try words.append(contentsOf: names.dropFirst(100).map(UInt64.init))
        try words.finish()
        let order = RowOrder(spooled: words, largest: names.max())
        #expect(order.count == count && Array(order) == names && order == RowOrder(names))
        #expect(try order.names(in: SpooledWords.blockWords - 2..<SpooledWords.blockWords + 3) == Array(names[SpooledWords.blockWords - 2..<SpooledWords.blockWords + 3]))
        #expect(try order.names(in: count - 2..<count + 50) == Array(names.suffix(2)))
        #expect(try order.names(in: -5..<0).isEmpty)
        #expect(order[count - 1] == names[count - 1] && order[count] == -1 && order[-1] == -1 && order[Int.min] == -1)
        // Blocks read in any order come back right (four are kept).
        for start in [2, 0, 3, 1, 0, 2].map({ $0 * SpooledWords.blockWords + 5 }) {
            #expect(try order.names(in: start..<start + 3) == Array(names[start..<start + 3]))
        }
        #expect(RowOrder([5, -1, Int.max]).largest == Int.max && Array(RowOrder([5, -1, Int.max])) == [5, -1, Int.max])
        #expect(RowOrder(run: 4..<9) == [4, 5, 6, 7, 8] && RowOrder(run: 4..<9)[5] == -1 && RowOrder(run: 4..<4).largest == nil)
        // A run longer than Int.max names is cut to Int.max; more names than a read makes are refused.
        let longest = RowOrder(run: Int.min..<Int.max)
        #expect(longest.count == Int.max && longest[Int.max - 1] == -2 && longest.largest == -2)
        #expect(throws: TableSourceError.unsupported("\(Int.max) names were asked for at once; at most \(RowOrder.mostNamesRead) are read at a time")) {
            try longest.names(in: 0..<Int.max)
        }
        #expect(try longest.names(in: 0..<2) == [Int.min, Int.min + 1])
    }

    /// `table` told to sort more than `rows` rows in pieces of `rows`.
    static func holding(_ rows: Int, _ table: ParquetTable) -> ParquetTable {
        var table = table
        table.rowsSortedInMemory = rows
        table.rowsSortedAtOnce = rows
        return table
    }

    @Test("a Parquet table sorted a few thousand rows at a time gives the order it gives sorted at once: whole numbers, reals, text (ties past its first eight bytes, not ASCII), nulls, by one column or several, with and without a filter")
    func parquetSpillsAsItSortsInMemory() throws {
        var lines = ["n,r,t,u"]
        for i in 0..<70_000 {
            let r = i % 11 == 0 ? "" : (i % 13 == 0 ? "-0.0" : "\(Double((i * 37) % 977) / 4 - 50)")
            let t = i % 5 == 0 ? "" : "w\((i * 31) % 5_000)" + (i % 2 == 0 ? "-and-a-tail-past-eight-bytes-\(i % 3)" : i % 3 == 0 ? "é" : "")
            lines.append("\(i % 7 == 0 ? "" : "\((i * 7_919) % 1_000 - 300)"),\(r),\(t),\(Double(i) * 1.000_1)")
        }
        let table = try ParquetWriterTests.savedFromFile(lines.joined(separator: "\n") + "\n", numeric: [true, true, false, true])
        let filter = try RowFilter(parsing: "n>=100", columns: ColumnNames(table.columnTitles))
        var spilling = Self.holding(4_096, table)
        // Each piece's row groups read a core each.
        spilling.loop = ConcurrentLoop(width: 2) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }
        for column in 0..<4 {
            for ascending in [true, false] {
                for filters in [[], [filter]] {
                    let order = [ColumnOrder(column: column, ascending: ascending)]
                    let spilled = try spilling.rowNames(where: filters, orderedBy: order, progress: .unwatched)
                    // This file's pages are placed by its offset index, their headers unread, so
                    // its text is not known to be all dictionary entries: it spills as text.
                    #expect(spilled.isSpooled, "column \(column) spills, ascending \(ascending), \(filters.count) filters")
                    #expect(spilled == (try table.rowNames(where: filters, orderedBy: order, progress: .unwatched)), "column \(column), ascending \(ascending), \(filters.count) filters")
                }
            }
        }
        // Several columns spill, each in its own direction; the same column twice too, and text
        // with words.
        for order in [[ColumnOrder(column: 0), ColumnOrder(column: 1, ascending: false)], [ColumnOrder(column: 1, ascending: false), ColumnOrder(column: 0), ColumnOrder(column: 3)],
                      [ColumnOrder(column: 0, ascending: false), ColumnOrder(column: 0)], [ColumnOrder(column: 0), ColumnOrder(column: 2)],
                      [ColumnOrder(column: 2, ascending: false), ColumnOrder(column: 1)]] {
            for filters in [[], [filter]] {
                let spilled = try spilling.rowNames(where: filters, orderedBy: order, progress: .unwatched)
                #expect(spilled.isSpooled, "\(order) spills, \(filters.count) filters")
                #expect(spilled == (try table.rowNames(where: filters, orderedBy: order, progress: .unwatched)), "\(order), \(filters.count) filters")
            }
        }
        #expect(!(try Self.holding(70_000, table).rowNames(where: [], orderedBy: [ColumnOrder(column: 0)], progress: .unwatched)).isSpooled)
        // A sort by several columns holds fewer rows in memory: this many divided by their count.
        #expect(try Self.holding(70_000, table).rowNames(where: [], orderedBy: [ColumnOrder(column: 0), ColumnOrder(column: 1)], progress: .unwatched).isSpooled)
        // Text held in memory takes some 120 bytes a row and its own: it counts as some ten columns.
        #expect(try Self.holding(70_000, table).rowNames(where: [], orderedBy: [ColumnOrder(column: 2)], progress: .unwatched).isSpooled)
        #expect(!(try Self.holding(700_000, table).rowNames(where: [], orderedBy: [ColumnOrder(column: 2)], progress: .unwatched)).isSpooled)
    }

    @Test("16-bit reals spill keyed as the 32-bit reals they read as, every bit pattern (NaNs, ±0, subnormals, ±∞); UUIDs and INT96 timestamps by the text they show, a value of another width too")
    func halfFloatsUUIDsAndInt96KeyAsInMemory() {
        // Each 16-bit pattern as two little-endian bytes, as a page of FIXED_LEN_BYTE_ARRAY(2) reads.
        let patterns = Array(0...UInt16.max)
        let halves = ParquetValues.bytes(starts: Array(stride(from: 0, through: 2 * patterns.count, by: 2)), data: patterns.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let floats = ParquetValues.floats(patterns.map(halfFloat))
        #expect(ParquetValueKind.float16.hasWordKeys(halves, ranked: false))
        let mismatched = patterns.indices.filter { ParquetValueKind.float16.wordKey(halves, at: $0, ranks: nil) != ParquetValueKind.float.wordKey(floats, at: $0, ranks: nil) }
        #expect(mismatched.isEmpty, "first patterns keyed apart from their Float: \(mismatched.prefix(5))")
        // A value of another width (a damaged page) has no word: the sort is refused, not misordered.
        let odd = ParquetValues.bytes(starts: [0, 2, 5], data: [0, 0x3C, 1, 2, 3])
        #expect(!ParquetValueKind.float16.hasWordKeys(odd, ranked: false) && ParquetValueKind.float16.wordKey(odd, at: 1, ranks: nil) == nil)
        // UUIDs (16 bytes) and INT96 timestamps (12), random, and one of 5 bytes shown as hex.
        var random = SeededRandom(seed: 96)
        for (kind, width) in [(ParquetValueKind.uuid, 16), (.int96, 12)] {
            let values = (0..<200).map { k in (0..<(k == 7 ? 5 : width)).map { _ in UInt8.random(in: 0...255, using: &random) } }
            var starts = [0]
            for value in values { starts.append(starts[starts.count - 1] + value.count) }
            let page = ParquetValues.bytes(starts: starts, data: values.flatMap { $0 })
            var keys = SpilledSort.Keys(textsFor: values.count)
            let appended = values.indices.allSatisfy { kind.appendTextKey(page, at: $0, to: &keys) }
            let shown = values.indices.map { slot -> [UInt8]? in
                guard case let .string(text) = kind.value(page, at: slot) else { return nil }
                return Array(text.utf8)
            }
            #expect(appended && shown.allSatisfy { $0 != nil } && keys == SpilledSort.Keys(texts: shown), "\(kind)")
        }
    }

    @Test("a Parquet file's dates and timestamps sort in time, as DuckDB sorts them, years before 1000 and past 9999 too (their text would sort them otherwise), and spill so; booleans spill false first")
    func datesSortInTimeAndSpill() throws {
        // In time, each with its place: the text of "10000-01-01" sorts before "2024-…", and "-0001-…" after "-0002-…".
        let dates = ["-0002-06-01", "-0001-12-31", "0000-03-01", "0999-05-05", "1969-12-31", "1970-01-01", "2024-01-31", "2024-02-29", "9999-12-31", "10000-01-01", "12024-07-04"]
        let stamps = dates.map { $0 + " 00:00:00.000Z" }
        let count = 60
        // Row r holds the date and stamp (r * 7) % 13 names: the last two of those numbers name none, a null.
        let pick = (0..<count).map { ($0 * 7) % 13 }
        let rows: [[String?]] = (0..<count).map { r in
            let k = pick[r]
            return [k < dates.count ? dates[k] : nil, k < dates.count ? stamps[(k + 3) % dates.count] : nil, r % 3 == 0 ? nil : (r % 2 == 0 ? "true" : "false")]
        }
        let path = ParquetWriterTests.path()
        defer { unlink(path) }
        var writer = try TableWriter(output: OutputFile(path: path), format: .parquet, titles: ["day", "stamp", "flag"],
                                     parquetKinds: [.date, .timestamp(digits: 3, utc: true), .boolean])
        try writer.append(rows)
        #expect(writer.widerKinds == nil)
        try writer.finish()
        let table = try ParquetTable(path: path)
        #expect(table.parquetKind(ofColumn: 0) == .date && table.parquetKind(ofColumn: 1) == .timestamp(digits: 3, utc: true) && table.parquetKind(ofColumn: 2) == .boolean)
        let spilling = Self.holding(7, table)
        for (column, rank) in [(0, { (k: Int) in k }), (1, { (k: Int) in (k + 3) % dates.count })] {
            for ascending in [true, false] {
                // Present rows by their value's place in time (ties in the file's order), then the nulls.
                let present = (0..<count).filter { pick[$0] < dates.count }.sorted { a, b in
                    let x = rank(pick[a]), y = rank(pick[b])
                    return x != y ? (ascending ? x < y : x > y) : a < b
                }
                let expected = present + (0..<count).filter { pick[$0] >= dates.count }
                let order = [ColumnOrder(column: column, ascending: ascending)]
                let inMemory = try table.rowNames(where: [], orderedBy: order, progress: .unwatched)
                let spilled = try spilling.rowNames(where: [], orderedBy: order, progress: .unwatched)
                #expect(Array(inMemory) == expected, "column \(column), ascending \(ascending)")
                #expect(spilled.isSpooled && spilled == inMemory, "column \(column), ascending \(ascending)")
            }
        }
        for order in [[ColumnOrder(column: 2)], [ColumnOrder(column: 2, ascending: false), ColumnOrder(column: 0)]] {
            let spilled = try spilling.rowNames(where: [], orderedBy: order, progress: .unwatched)
            let inMemory = try table.rowNames(where: [], orderedBy: order, progress: .unwatched)
            #expect(spilled.isSpooled && spilled == inMemory, "\(order)")
        }
        let flags = try Array(table.rowNames(where: [], orderedBy: [ColumnOrder(column: 2)], progress: .unwatched)).map { rows[$0][2] }
        #expect(flags == flags.sorted { ($0 ?? "~") < ($1 ?? "~") }, "false, then true, then the nulls")
    }

    @Test("a Parquet file's 32-bit reals sort as numbers, a NaN among them after infinity as DuckDB puts it (their text sorted the whole column as text), and spill so; unsigned 64-bit numbers past Int.max sort after the rest and spill so")
    func floatsAndUnsignedSortAsNumbers() throws {
        let floats: [String?] = ["9.0", "10.0", "1.5", nil, "-2.5", "nan", "inf", "-inf", "100.25", "0.5"]
        let unsigned: [String?] = ["5", "9223372036854775813", "18446744073709551615", nil, "0", "9223372036854775807", "7", "12", "9223372036854775808", "1"]
        let path = ParquetWriterTests.path()
        defer { unlink(path) }
        var writer = try TableWriter(output: OutputFile(path: path), format: .parquet, titles: ["f", "u"], parquetKinds: [.float, .fixedWidthInteger(bits: 64, signed: false)])
        let rows = (0..<40).map { r in [floats[(r * 3) % floats.count], unsigned[(r * 7) % unsigned.count]] }
        try writer.append(rows)
        #expect(writer.widerKinds == nil)
        try writer.finish()
        let table = try ParquetTable(path: path)
        let floatOrder = ["-inf", "-2.5", "0.5", "1.5", "9.0", "10.0", "100.25", "inf", "nan"]
        let unsignedOrder = ["0", "1", "5", "7", "12", "9223372036854775807", "9223372036854775808", "9223372036854775813", "18446744073709551615"]
        for (column, order) in [(0, floatOrder), (1, unsignedOrder)] {
            for ascending in [true, false] {
                let sorted = [ColumnOrder(column: column, ascending: ascending)]
                let inMemory = try table.rowNames(where: [], orderedBy: sorted, progress: .unwatched)
                let spilled = try Self.holding(7, table).rowNames(where: [], orderedBy: sorted, progress: .unwatched)
                let present = Array(inMemory).map { rows[$0][column] }.compactMap { $0 }
                // Each value's rank in order; the nulls last both ways.
                let ranks = present.map { order.firstIndex(of: $0) ?? -1 }
                #expect(!ranks.contains(-1) && ranks == (ascending ? ranks.sorted() : ranks.sorted(by: >)), "column \(column), ascending \(ascending): \(present)")
                #expect(Array(inMemory).suffix(4).allSatisfy { rows[$0][column] == nil })
                #expect(spilled.isSpooled && spilled == inMemory, "column \(column), ascending \(ascending)")
            }
        }
    }

    @Test("a filter over rows read as text tests them a piece at a time and keeps what it keeps tested at once, with and without the row groups' statistics; a frequency table over them counts the same")
    func filtersInPieces() throws {
        let table = try ParquetTable(path: ParquetReaderTests.folder + "/session.parquet")
        let names = ColumnNames(table.columnTitles)
        for text in ["delay>10", "carrier=DL", "note~7$", "delay is null", "id>=590"] {
            let filters = [try RowFilter(parsing: text, columns: names)]
            let needed = ColumnsNeeded(table, filters: filters, others: [])
            let ranges = try table.rowRanges(where: filters, progress: .unwatched)
            let once = try table.filteredByPieces(needed: needed, filters: filters, ranges: nil, pieceRows: .max, progress: .unwatched)
            #expect(once.count > 0 && once.count < 600, "\(text)")
            for pieces in [1, 7, 128, 600] {
                #expect(try table.filteredByPieces(needed: needed, filters: filters, ranges: nil, pieceRows: pieces, progress: .unwatched) == once, "\(text) in \(pieces)")
                #expect(try table.filteredByPieces(needed: needed, filters: filters, ranges: ranges, pieceRows: pieces, progress: .unwatched) == once, "\(text) in \(pieces), \(ranges ?? [])")
            }
            #expect(try table.rowNames(where: filters, orderedBy: [], progress: .unwatched) == once)
            // A frequency table of the rows kept, counted a piece at a time and added up.
            for column in table.columnTitles.indices {
                let whole = try table.frequencyOverRows(ofColumn: column, where: filters, pieceRows: .max, progress: .unwatched)
                #expect(whole.total == once.count)
                for pieces in [1, 7, 600] {
                    let added = try table.frequencyOverRows(ofColumn: column, where: filters, pieceRows: pieces, progress: .unwatched)
                    #expect(added.entries == whole.entries && added.total == whole.total && added.uncounted == whole.uncounted, "\(text), column \(column), in \(pieces)")
                }
            }
        }
        // Nulls counted in pieces are one entry, as counted at once.
        let delay = try #require(table.columnTitles.firstIndex(of: "delay"))
        let nulls = try table.frequencyOverRows(ofColumn: delay, where: [], pieceRows: 7, progress: .unwatched)
        let atOnce = try table.frequencyOverRows(ofColumn: delay, where: [], pieceRows: .max, progress: .unwatched)
        #expect(nulls.entries.filter(\.isNull).count == 1 && nulls.entries == atOnce.entries)
    }

    @Test("every column of every fixture that spills (plain and dictionary pages, v1 and v2, DELTA encodings, nulls) sorts as it does in memory, alone and with the next")
    func fixturesSpillAsTheySortInMemory() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ParquetReaderTests.folder).filter { $0.hasSuffix(".parquet") }.sorted()
        var spilled = 0, pairs = 0
        for file in files {
            let table = try ParquetTable(path: ParquetReaderTests.folder + "/" + file)
            let count = try table.rowCount(progress: .unwatched)
            let spilling = Self.holding(Swift.max(1, count / 5), table)
            for column in table.columnTitles.indices {
                for ascending in [true, false] {
                    let order = [ColumnOrder(column: column, ascending: ascending)]
                    let small = try spilling.rowNames(where: [], orderedBy: order, progress: .unwatched)
                    #expect(small == (try table.rowNames(where: [], orderedBy: order, progress: .unwatched)), "\(file), \(table.columnTitles[column])")
                    if small.isSpooled { spilled += 1 }
                }
                // With the next column (the first after the last), the first descending.
                let pair = [ColumnOrder(column: column, ascending: false), ColumnOrder(column: (column + 1) % table.columnTitles.count)]
                let small = try spilling.rowNames(where: [], orderedBy: pair, progress: .unwatched)
                #expect(small == (try table.rowNames(where: [], orderedBy: pair, progress: .unwatched)), "\(file), \(pair)")
                if small.isSpooled { pairs += 1 }
            }
        }
        #expect(spilled >= 40, "the fixtures' whole numbers, reals and text spill")
        #expect(pairs >= 10, "pairs of them spill")
        let text = try ParquetTable(path: ParquetReaderTests.folder + "/types-snappy.parquet")
        let column = try #require(text.columnTitles.firstIndex(of: "string"))
        #expect(try Self.holding(3, text).rowNames(where: [], orderedBy: [ColumnOrder(column: column)], progress: .unwatched).isSpooled, "text from dictionaries spills")
        // Decimals spill: up to 18 digits as the whole numbers they are stored as, wider ones by
        // their exact keys (a decimal of 30 digits is 13 bytes).
        let decimal = try #require(text.columnTitles.firstIndex(of: "decimal9")), wide = try #require(text.columnTitles.firstIndex(of: "decimal30"))
        #expect(try Self.holding(3, text).rowNames(where: [], orderedBy: [ColumnOrder(column: decimal, ascending: false)], progress: .unwatched).isSpooled)
        #expect(try Self.holding(3, text).rowNames(where: [], orderedBy: [ColumnOrder(column: wide)], progress: .unwatched).isSpooled)
        // Spark's INT96 timestamps spill keyed by the text they show, as they sort in memory.
        let stamps = try ParquetTable(path: ParquetReaderTests.folder + "/int96.parquet")
        for ascending in [true, false] {
            let spilled = try Self.holding(3, stamps).rowNames(where: [], orderedBy: [ColumnOrder(column: 0, ascending: ascending)], progress: .unwatched)
            #expect(spilled.isSpooled)
            #expect(spilled == (try stamps.rowNames(where: [], orderedBy: [ColumnOrder(column: 0, ascending: ascending)], progress: .unwatched)))
        }
    }
}
