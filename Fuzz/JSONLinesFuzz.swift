import ScrollworkFiles

// JSON Lines and JSON arrays: whatever the bytes, the keys found and every row read whole, split
// in place and read field by field agree, and the index found in chunks is the index found at once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let framing: JSONFraming = input.settings & 1 == 0 ? .lines : .arrayElements
    let chunk = 1 + Int(input.settings >> 1)
    _ = input.withFile(input.body) { file in
        let scanner = framing == .lines ? RecordScanner(quotes: false, skipsBlankLines: true) : .jsonArrayElements()
        var index = RecordIndex(scanner: scanner)
        guard (try? index.extend(from: file)) != nil else { return }
        var pieces = RecordIndex(scanner: scanner)
        while (try? pieces.extend(from: file, limit: chunk, chunkSize: chunk)) == false {}
        agree(index.count == pieces.count, "\(index.count) records at once, \(pieces.count) in chunks of \(chunk)")
        for i in 0..<index.count { agree(index.range(ofRecord: i) == pieces.range(ofRecord: i), "record \(i) found alike in chunks") }
        let keys = JSONLinesRows.keys(file: file, index: index, lines: 0..<index.count, after: [], framing: framing)
        agree(Set(keys).count == keys.count, "keys found once each: \(keys)")
        let rows = JSONLinesRows(file: file, index: index, keys: keys, framing: framing)
        readersAgree(rows)
    }
    return 0
}
