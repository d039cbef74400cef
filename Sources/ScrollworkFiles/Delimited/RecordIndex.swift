/// Where each record of a delimited file begins: 4 bytes a record, in blocks, so that the index
/// can grow on a background thread while a table shows the records found so far (a copy shares
/// every block but the last).
public struct RecordIndex: Sendable {
    /// Records a block.
    static let blockSize = 1 << 16
    /// Record starts, from their block's first start (`bases`); the first record starts at 0. A
    /// start equal to `scanned` begins no record yet. Ten million records take 40 MB, not 80.
    private var blocks: [[UInt32]] = [[0]]
    /// Where each block's first record starts.
    private var bases: [UInt64] = [0]
    /// The starts of a block whose records span more than 4 GB (records of 64 KB on average),
    /// whole; empty for every other block, which holds its starts in `blocks`.
    private var wide: [[UInt64]] = [[]]
    /// The most bytes from a block's first start that a 4-byte start holds (less in tests, which
    /// cannot write 4 GB).
    var narrowSpan = UInt64(UInt32.max)
    /// The scanner's state where the index stopped.
    public private(set) var scanner: RecordScanner
    /// True once the end of the file was scanned.
    public private(set) var isFinished = false

    /// An empty index, at the start of the file; without `quotes`, a record is a line. The
    /// separator decides where a quote (`quote`) opens a field, as it does for ``RecordParser``.
    public init(quotes: Bool = true, separator: UInt8 = 0x2C, quote: UInt8 = 0x22) {
        scanner = RecordScanner(quotes: quotes, separator: separator, quote: quote)
    }

    /// An empty index whose records `scanner` finds (``RecordScanner/jsonArrayElements()``, say).
    public init(scanner: RecordScanner) { self.scanner = scanner.restarted() }

    /// The number of record starts found.
    private var startCount: Int { (blocks.count - 1) * Self.blockSize + Swift.max(blocks[blocks.count - 1].count, wide[wide.count - 1].count) }

    /// The number of records: those whose line ending was found, and, once the end of the file
    /// was scanned, a last record without one (lines of white space alone, where they are no
    /// records, are none).
    public var count: Int {
        let last = start(startCount - 1)
        return startCount - 1 + ((isFinished || scanner.endsAfterWholeRecord) && scanner.holdsContent && last < scanner.scanned ? 1 : 0)
    }

    /// How many bytes have been scanned.
    public var scanned: UInt64 { scanner.scanned }

    /// The record (counted from 0) in which a quote opens a field that never closes (for a JSON
    /// array, the array or a string in it), once the end of the file is reached inside it: the
    /// last record, which holds the rest of the file (a stray quote, or a file cut short); nil
    /// for any other.
    public var unclosedRecord: Int? {
        isFinished && scanner.isOpen && count > 0 ? count - 1 : nil
    }

    @inline(__always)
    private func start(_ i: Int) -> UInt64 {
        let b = i / Self.blockSize, r = i % Self.blockSize
        return wide[b].isEmpty ? bases[b] + UInt64(blocks[b][r]) : wide[b][r]
    }

    /// The first record (counted from 0) longer than `limit` bytes, and its length; nil when
    /// none is.
    public func firstRecord(longerThan limit: Int) -> (record: Int, length: UInt64)? {
        let starts = startCount, count = count, limit = UInt64(Swift.max(0, limit))
        for i in 0..<count {
            let length = end(i, starts: starts) - start(i)
            if length > limit { return (i, length) }
        }
        return nil
    }

    /// The bytes of record `i` (its line ending included); an empty range outside the records.
    public func range(ofRecord i: Int) -> Range<UInt64> {
        guard i >= 0, i < count else { return 0..<0 }
        return start(i)..<end(i, starts: startCount)
    }

    /// Where record `i` ends: where the next begins, or at the bytes scanned so far; `starts` is
    /// ``startCount``, worked out once by a loop over many records.
    @inline(__always)
    private func end(_ i: Int, starts: Int) -> UInt64 { i + 1 < starts ? start(i + 1) : scanner.scanned }

    /// The most bytes ``eachRecord(of:in:limit:readSize:_:)`` reads at once, into one buffer
    /// reused read after read: ``FileBytes/readWindow``.
    static let readSize = UInt64(FileBytes.readWindow)

    /// `body` of each of `records` (clipped to the records) with its bytes from `file`, read
    /// with one read for each run of records up to `readSize` long instead of one a record, however
    /// many records are asked for; nil bytes for a record one read cannot give (a file cut
    /// shorter since it was indexed, a record longer than `limit` or than a read), which the
    /// caller then reads on its own. The bytes are valid only during the call.
    func eachRecord<T>(of file: FileBytes, in records: Range<Int>, limit: Int, readSize: UInt64 = readSize,
                       _ body: (Int, UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        // Safe: records' bytes are lent to `body` for its call only (below).
        unsafe eachRecord(of: file, at: records.clamped(to: 0..<count), limit: limit, readSize: readSize, body)
    }

    /// The most bytes between two records asked for that one read spans: records further apart
    /// are read with reads of their own, so a sparse pick (the rows a filter kept) does not read
    /// the whole file between them.
    static let gapLimit: UInt64 = 256 << 10

    /// `body` of each of `records`, in the order given (record numbers outside the records get
    /// nil bytes), with its bytes read as ``eachRecord(of:in:limit:readSize:_:)`` reads them:
    /// records in ascending order and close together share one read of up to `readSize` bytes.
    func eachRecord<T, Records: RandomAccessCollection<Int>>(of file: FileBytes, at records: Records, limit: Int, readSize: UInt64 = readSize,
                                                           _ body: (Int, UnsafeBufferPointer<UInt8>?) -> T) -> [T] {
        let starts = startCount, total = count
        // One buffer for every read of this call, grown up to `readSize` as reads need.
        // Safe: the buffer is this call's own, freed when it returns (and before it grows); a read
        // fills only its first `span` bytes, and a record is lent to `body` only when its `high`
        // end lies within what was read.
        var buffer = unsafe UnsafeMutableRawBufferPointer(start: nil, count: 0)
        defer { unsafe buffer.deallocate() }
        var results: [T] = []
        results.reserveCapacity(records.count)
        var first = records.startIndex
        while first < records.endIndex {
            let record = records[first]
            guard record >= 0, record < total else {
                results.append(body(record, nil))
                first = records.index(after: first)
                continue
            }
            // The records from `first` that one read holds (at least one).
            let from = start(record)
            var last = records.index(after: first)
            var previousEnd = end(record, starts: starts)
            while last < records.endIndex {
                let next = records[last]
                guard next >= record, next < total, start(next) <= previousEnd + Self.gapLimit else { break }
                let nextEnd = end(next, starts: starts)
                guard nextEnd - from <= readSize else { break }
                previousEnd = Swift.max(previousEnd, nextEnd)
                last = records.index(after: last)
            }
            let to = previousEnd
            var read: Int? = nil
            if to > from && to - from <= readSize {
                let span = Int(to - from)
                if buffer.count < span {
                    unsafe buffer.deallocate()
                    unsafe buffer = .allocate(byteCount: Swift.max(span, Swift.min(Int(readSize), 64 << 10)), alignment: 64)
                }
                // A failed read leaves each record to be read on its own, which says what failed.
                do { read = unsafe try file.read(at: from, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<span])) } catch { read = nil }
            }
            if let read, let base = unsafe buffer.baseAddress?.bindMemory(to: UInt8.self, capacity: read) {
                for k in records[first..<last] {
                    let low = Int(start(k) - from), high = Int(end(k, starts: starts) - from)
                    guard high <= read, high - low <= limit else {
                        results.append(body(k, nil))
                        continue
                    }
                    unsafe results.append(body(k, UnsafeBufferPointer(start: base + low, count: high - low)))
                }
            } else {
                for k in records[first..<last] { results.append(body(k, nil)) }
            }
            first = last
        }
        return results
    }

    /// The record holding byte `offset` of the file (the last record for an offset past the
    /// scanned bytes); nil before any record.
    public func record(containing offset: UInt64) -> Int? {
        guard count > 0 else { return nil }
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if start(mid) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Scans the file's next bytes.
    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Safe: the caller's bytes, scanned inside their count.
        unsafe scanner.scan(bytes) { offset in
            var last = blocks.count - 1
            if blocks[last].count == Self.blockSize || wide[last].count == Self.blockSize {
                var block: [UInt32] = []
                block.reserveCapacity(Self.blockSize)
                blocks.append(block)
                bases.append(offset)
                wide.append([])
                last += 1
            }
            let relative = offset - bases[last]
            if wide[last].isEmpty, relative <= narrowSpan {
                blocks[last].append(UInt32(truncatingIfNeeded: relative))
                return
            }
            if wide[last].isEmpty {
                // Past 4 GB from the block's first record: this block keeps whole starts.
                wide[last] = blocks[last].map { bases[last] + UInt64($0) }
                blocks[last] = []
            }
            wide[last].append(offset)
        }
    }

    /// An empty index that reads as this one does (quotes, separator and quote): for a file read again
    /// from its start after it was cut shorter.
    public func emptied() -> RecordIndex { RecordIndex(scanner: scanner) }

    /// The end of the file was reached: a last record without a line ending counts.
    public mutating func finish() { isFinished = true }

    /// The file grew after its end was reached: scanning goes on where it stopped, and a last
    /// record without a line ending waits for the rest of its bytes.
    public mutating func resume() { isFinished = false }

    /// Reads `file` from where the index stopped, `chunkSize` bytes at a time, until its end or
    /// `limit` bytes; `progress` hears the bytes scanned so far after each chunk and stops the
    /// reading (keeping what was scanned) by returning false. Returns true at the end of the file.
    /// A limit or chunk size below 1 counts as 1, so that each call reads at least a byte or finds
    /// the end: a loop that calls it until it returns true always ends on a file that stops
    /// growing.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    @discardableResult
    public mutating func extend(from file: FileBytes, limit: Int = 64 << 20, chunkSize: Int = 4 << 20,
                                progress: (UInt64) -> Bool = { _ in true }) throws(FileError) -> Bool {
        var read = 0
        let chunk = Swift.max(1, chunkSize)
        let limit = Swift.max(1, limit)
        while read < limit {
            let bytes = try file.read(at: scanned, count: Swift.min(chunk, limit - read))
            guard !bytes.isEmpty else {
                finish()
                return true
            }
            // Safe: the chunk is lent for the call.
            unsafe bytes.withUnsafeBufferPointer { unsafe add($0) }
            read += bytes.count
            guard progress(scanned) else { return false }
        }
        return false
    }
}
