import Scrollwork
import ScrollworkFiles

// Parquet's footer, page headers, encodings and codecs (a file of the fuzzer's bytes, or, with
// the settings' low bit, those bytes as a footer after a real file's pages): whatever the
// bytes, the file opens or says why, and its rows read all at once are the rows read in pieces
// out of order, never past the rows it says it has.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParquet(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    _ = input.withFile(input.body) { file in
        guard let table = try? ParquetTable(file: file), let count = try? table.rowCount(progress: .unwatched) else { return }
        agree(count >= 0, "a negative row count")
        let shown = Swift.min(count, 2000)
        guard let whole = try? table.rows(at: 0..<shown, progress: .unwatched) else { return }
        agree(whole.count == shown, "\(whole.count) rows read of \(shown)")
        agree(whole.allSatisfy { $0.count == table.columnTitles.count }, "a row without a value a column")
        let piece = 1 + Int(input.settings) % 97
        var at = shown
        while at > 0 {
            let start = Swift.max(0, at - piece)
            guard let rows = try? table.rows(at: start..<at, progress: .unwatched) else { return }
            // As text: a NaN is not equal to itself.
            agree(rows.map { $0.map(\.description) } == whole[start..<at].map { $0.map(\.description) },
                  "rows \(start)..<\(at) read alone differ from the same read with the rest")
            at = start
        }
        let past = try? table.rows(at: count..<count.addingSaturating(5), progress: .unwatched)
        agree(past == nil || past?.isEmpty == true, "rows past the last")
    }
    return 0
}
