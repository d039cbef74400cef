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

    @Test("every fixture reads back as pyarrow wrote it: each codec (none, Snappy, gzip, zstd, LZ4, Brotli), data pages v1 and v2, dictionaries, PLAIN, the DELTA encodings, BYTE_STREAM_SPLIT, INT96, nested lists, structs and maps")
    func everyFixture() throws {
        let (files, tables) = try Self.expected()
        #expect(files.count == 10)
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
}
