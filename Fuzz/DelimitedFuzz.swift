import ScrollworkFiles

// The delimited scanner, its index and its readers: whatever the bytes, the index found in
// chunks of any size is the index found at once, every record lies inside the file, the record
// containing an offset is the one whose range holds it, and a record's fields read whole, split in
// place and read field by field are the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDelimited(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let separators: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]
    let separator = separators[Int(input.settings & 3)]
    let quote: UInt8 = input.settings & 4 == 0 ? 0x22 : 0x27
    let chunk = 1 + Int(input.settings >> 3)
    _ = input.withFile(input.body) { file in
        let dialect = DelimitedDialect.detect(sample: input.body)
        agree(separators.contains(dialect.separator) || dialect.separator > 0, "a separator was detected")
        var whole = RecordIndex(separator: separator, quote: quote)
        guard (try? whole.extend(from: file)) != nil else { return }
        var pieces = RecordIndex(separator: separator, quote: quote)
        while (try? pieces.extend(from: file, limit: chunk, chunkSize: chunk)) == false {}
        agree(whole.count == pieces.count, "\(whole.count) records at once, \(pieces.count) in chunks of \(chunk)")
        let size = file.size
        for i in 0..<whole.count {
            let range = whole.range(ofRecord: i)
            agree(range == pieces.range(ofRecord: i), "record \(i): \(range) at once, \(pieces.range(ofRecord: i)) in chunks")
            agree(range.upperBound <= size && range.lowerBound <= range.upperBound, "record \(i) \(range) in a file of \(size)")
            if !range.isEmpty { agree(whole.record(containing: range.lowerBound) == i, "the record holding offset \(range.lowerBound) is \(i)") }
        }
        let rows = DelimitedRows(file: file, index: whole, dialect: DelimitedDialect(separator: separator, quote: quote, hasHeader: false))
        readersAgree(rows)
    }
    return 0
}
