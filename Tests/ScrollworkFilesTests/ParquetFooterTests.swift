import Foundation
import Scrollwork
import Testing
@testable import ScrollworkFiles

/// #67: a long footer is read at once only as far as its first row group (all a first screen
/// needs), the rest apart; whatever needs a later row group waits for it.
@Suite struct ParquetFooterTests {
    /// A footer's reads past its first row group, held until the test runs them.
    final class HeldReads: Sendable {
        private let reads = Locked<[@Sendable () -> Void]>([])

        /// Holds `read` (as a thread would take it).
        func hold(_ read: @escaping @Sendable () -> Void) -> Bool {
            reads.withLock { $0.append(read) }
            return true
        }

        /// Runs the reads held.
        func release() {
            for read in reads.withLock({ reads in defer { reads = [] }; return reads }) { read() }
        }
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: ParquetReaderTests.folder + "/" + name)))
    }

    @Test("every fixture whose footer is read past its first row group apart gives the rows, count, row groups and description it gives read at once")
    func sameAsReadAtOnce() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ParquetReaderTests.folder).filter { $0.hasSuffix(".parquet") }.sorted()
        var apart = 0
        for name in names {
            let bytes = try Self.bytes(name)
            let atOnce = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: .max)
            let later = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: 0)
            #expect(!atOnce.footer.readsRestApart)
            if later.footer.readsRestApart { apart += 1 }
            let total = try atOnce.rowCount(progress: .unwatched)
            #expect(try later.rowCount(progress: .unwatched) == total, "\(name)")
            #expect(try later.rows(at: 0..<total, progress: .unwatched) == atOnce.rows(at: 0..<total, progress: .unwatched), "\(name)")
            #expect(try later.aboutOnceRead(progress: .unwatched) == atOnce.about, "\(name)")
            #expect(!later.aboutIsPending && later.about == atOnce.about, "\(name)")
            #expect(try later.layout().groupStarts == atOnce.layout().groupStarts, "\(name)")
            #expect(try later.layout().metadata.rowGroups == atOnce.layout().metadata.rowGroups, "\(name)")
        }
        #expect(apart == names.count, "every fixture's footer lists its schema and row count before its row groups")
    }

    @Test("a column of whole numbers is as wide as its widest value, known from the row groups' least and greatest before a row is read: every fixture's, and the first group's while the rest of a long footer is unread")
    func widestWholeNumberFromStatistics() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ParquetReaderTests.folder).filter { $0.hasSuffix(".parquet") }.sorted()
        var known = 0, nullable = 0
        for name in names {
            let table = try ParquetReaderTests.opening(try Self.bytes(name), footerReadAtOnceBelow: .max)
            let rows = try table.rows(at: 0..<table.rowCount(progress: .unwatched), progress: .unwatched)
            for column in table.columnTitles.indices {
                guard let widest = table.widestValue(ofColumn: column) else { continue }
                known += 1
                // Every value shown, NULL among them.
                let shown = rows.map { $0[column].description.count }
                #expect(widest == shown.max(), "\(name), column \(table.columnTitles[column]): \(widest) for \(shown.max() ?? -1)")
                if rows.contains(where: { if case .missing = $0[column] { true } else { false } }) { nullable += 1 }
                #expect(table.isNumeric(column), "\(name), column \(table.columnTitles[column])")
            }
            // Text, reals and nested fields are fitted to the rows shown, as before.
            #expect(table.columnTitles.indices.allSatisfy { table.widestValue(ofColumn: $0) == nil || table.root.children[$0].kind == .signed })
            #expect(table.widestValue(ofColumn: -1) == nil && table.widestValue(ofColumn: .max) == nil && table.widestValue(ofColumn: .min) == nil)
        }
        #expect(known >= 10 && nullable >= 2, "the fixtures hold columns of whole numbers with statistics: \(known), \(nullable) of them with nulls")
        // Read apart: the first row group's widest until the rest is read, then the file's.
        let bytes = try Self.bytes("session.parquet")
        let held = HeldReads()
        let table = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: 0, readRest: held.hold)
        let atOnce = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: .max)
        let firstRows = try #require(table.footer.first?.rowCount)
        let first = try atOnce.rows(at: 0..<firstRows, progress: .unwatched)
        let columns = atOnce.columnTitles.indices.filter { atOnce.widestValue(ofColumn: $0) != nil }
        #expect(!columns.isEmpty)
        for column in columns {
            let shown = first.map { $0[column].description.count }
            #expect(table.widestValue(ofColumn: column) == shown.max(), "column \(atOnce.columnTitles[column])")
        }
        #expect(table.footer.layoutIfRead == nil, "asking read nothing past the first row group")
        held.release()
        #expect(columns.allSatisfy { table.widestValue(ofColumn: $0) == atOnce.widestValue(ofColumn: $0) })
    }

    // A read that needed the rest would read it itself (the thread held has not begun): the
    // footer is then read, which the test sees.
    @Test("before the rest of a long footer is read, the first row group's rows read and the count is the footer's; the description says it is being read")
    func firstGroupBeforeTheRest() throws {
        let bytes = try Self.bytes("session.parquet")
        let held = HeldReads()
        let table = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: 0, readRest: held.hold)
        let atOnce = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: .max)
        #expect(table.footer.readsRestApart && table.aboutIsPending)
        #expect(try table.rowCount(progress: .unwatched) == 600)
        let firstRows = try #require(table.footer.first?.rowCount)
        #expect(firstRows > 0 && firstRows < 600)
        #expect(try table.rows(at: 0..<firstRows, progress: .unwatched) == atOnce.rows(at: 0..<firstRows, progress: .unwatched))
        let shown = Array(0..<Swift.min(firstRows, 40))
        #expect(try table.rows(named: shown, progress: .unwatched) == atOnce.rows(named: shown, progress: .unwatched))
        #expect(table.about == "Parquet · 5 row groups · reading the footer…")
        // Nothing read past the first row group meanwhile.
        #expect(table.footer.layoutIfRead == nil && table.cache.kept.keys.allSatisfy { $0.group == 0 })
        held.release()
        #expect(!table.aboutIsPending && table.about == atOnce.about)
        #expect(try table.rows(at: firstRows..<600, progress: .unwatched) == atOnce.rows(at: firstRows..<600, progress: .unwatched))
    }

    @Test("a row group past the first that is damaged fails, saying why, every read once the rest of the footer is read, and the description says so; read at once, the file is refused")
    func damagedLaterGroup() throws {
        var bytes = try Self.bytes("session.parquet")
        // The row groups' num_rows (field 3, an i64): 128, zigzag 256 → 0x16 0x80 0x02 (a
        // column's num_values, after its codec's 0x15 and a byte, passed over); the fourth
        // group's made 129.
        let footerStart = bytes.count - 8 - Int(bytes[bytes.count - 8]) - Int(bytes[bytes.count - 7]) << 8
        let groups = (footerStart..<(bytes.count - 3)).filter { Array(bytes[$0..<($0 + 3)]) == [0x16, 0x80, 0x02] && bytes[$0 - 2] != 0x15 }
        #expect(groups.count == 4)
        bytes[try #require(groups.dropFirst(3).first) + 1] = 0x82
        #expect(throws: ParquetError.self) { _ = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: .max) }
        let held = HeldReads()
        let table = try ParquetReaderTests.opening(bytes, footerReadAtOnceBelow: 0, readRest: held.hold)
        #expect(try table.rows(at: 0..<10, progress: .unwatched).count == 10)
        held.release()
        for read in [{ _ = try table.rows(at: 0..<10, progress: .unwatched) }, { _ = try table.rowCount(progress: .unwatched) },
                     { _ = try table.aboutOnceRead(progress: .unwatched) }, { _ = try table.rows(at: 500..<510, progress: .unwatched) }] {
            do {
                try read()
                Issue.record("read a table whose footer is damaged")
            } catch {
                #expect("\(error)".contains("says the file has 600 rows, and its row groups hold 601"), "\(error)")
            }
        }
        #expect(table.about == "Parquet · 5 row groups · its footer is damaged")
    }

    @Test("a footer whose row groups come before its schema and row count is read whole at once")
    func rowGroupsFirst() throws {
        // A footer of field 4 (an empty list of row groups) before fields 2 and 3.
        var writer = ThriftWriter()
        writer.structure { footer in
            footer.field(4, listOf: .structure, count: 0) { _ in }
            footer.field(2, listOf: .structure, count: 1) { list in list.structure { $0.field(4, string: "schema") } }
            footer.field(3, i64: 0)
        }
        #expect(try ParquetMetadata.head(footer: writer.bytes) == nil)
        let footer = try ParquetFooter(footer: writer.bytes, readAtOnceBelow: 0)
        #expect(!footer.readsRestApart && footer.groupCount == 0 && footer.rowCount == 0)
    }
}
