import Scrollwork

/// A sort of more rows than a sort holds in memory at once. The keys are read a piece at a time,
/// each piece sorted (``WordSort``) and kept in a temporary file as a run, and the runs merged
/// into an order kept in another (``RowOrder``): memory holds one piece's keys and a block of
/// each run however many rows there are. Ties keep the places' order, and missing keys come last
/// in either direction, as every sort of a table does.
struct SpilledSort {
    /// Places sorted at a time.
    let pieceRows: Int
    let ascending: Bool

    /// The keys of a range of places, and which of them are missing.
    typealias Keys = (keys: [UInt64], missing: [Bool])

    /// Records read from a run at a time while merging: two words a record.
    private static let readRecords = 1 << 14

    /// The bytes of temporary files a sort of a row takes: its record in a run (16) and its name
    /// in the order (8).
    static let bytesPerRow: UInt64 = 24

    /// True when a sort of `rows` rows may keep its runs and order in the temporary directory:
    /// within what ``TemporarySpace`` lets a program write there by choice (on a file system in
    /// memory, a quarter of what is free: every byte there is memory too).
    static func fits(rows: Int, budget: UInt64 = TemporarySpace.budget()) -> Bool {
        let needed = UInt64(Swift.max(0, rows)).multipliedReportingOverflow(by: bytesPerRow)
        return !needed.overflow && needed.partialValue <= budget
    }

    /// Places `0..<count` in the order of their keys (`keys(range)` gives a range's, read once),
    /// each written as the name `name(place)` gives it.
    ///
    /// - Throws: ``TableSourceError/cancelled`` once `progress` says stop; what `keys` throws;
    ///   ``TableSourceError/failed(_:)`` when a temporary file cannot be made or written.
    func order(count: Int, keys: (Range<Int>) throws(TableSourceError) -> Keys, name: (Int) -> Int, progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let piece = Swift.max(1, pieceRows)
        let runs = try SpooledWords(purpose: "the sort's pieces")
        var bounds: [Range<Int>] = []
        var start = 0
        while start < count {
            let range = start..<Swift.min(count, start.addingSaturating(piece))
            try progress.check()
            let read = try keys(range)
            guard read.keys.count == range.count,
                  let sorted = WordSort.positions(keys: read.keys, missing: read.missing, ascending: ascending,
                                                  progress: { _ in !progress.isCancelled })
            else { throw progress.isCancelled ? .cancelled : .failed("the sort read \(read.keys.count) keys for \(range.count) rows") }
            // Written a block at a time: a piece's records whole would be 16 bytes a row more.
            var records: [UInt64] = []
            records.reserveCapacity(SpooledWords.blockWords)
            for position in sorted {
                let i = Int(position), missing = i < read.missing.count && read.missing[i]
                records.append(missing ? 0 : (ascending ? read.keys[i] : ~read.keys[i]))
                records.append((missing ? 1 << 63 : 0) | UInt64(range.lowerBound + i))
                if records.count >= SpooledWords.blockWords {
                    try runs.append(contentsOf: records)
                    records.removeAll(keepingCapacity: true)
                }
            }
            try runs.append(contentsOf: records)
            bounds.append(range)
            start = range.upperBound
            _ = progress.report(0.8 * Double(start) / Double(count))
        }
        try runs.finish()
        return try merge(runs, bounds: bounds, name: name, progress: progress)
    }

    /// The runs in `runs` (run `r` holds the records of places `bounds[r]`) merged into one
    /// order of names.
    private func merge(_ runs: SpooledWords, bounds: [Range<Int>], name: (Int) -> Int, progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let order = try SpooledWords(purpose: "the sorted order")
        var readers = bounds.map { RunReader(records: $0) }
        var heap = MergeHeap()
        for r in readers.indices {
            if let head = try readers[r].next(from: runs) { heap.push(head, run: r) }
        }
        var names: [UInt64] = []
        names.reserveCapacity(SpooledWords.blockWords)
        var merged = 0, largest: Int? = nil
        let total = bounds.last?.upperBound ?? 0
        while let (head, run) = heap.first {
            let named = name(Int(head.tag & ~(1 << 63)))
            largest = Swift.max(largest ?? named, named)
            names.append(UInt64(truncatingIfNeeded: named))
            if let next = try readers[run].next(from: runs) { heap.replaceFirst(next, run: run) } else { heap.removeFirst() }
            if names.count == SpooledWords.blockWords {
                try order.append(contentsOf: names)
                names.removeAll(keepingCapacity: true)
                merged += SpooledWords.blockWords
                try progress.check()
                _ = progress.report(0.8 + 0.2 * Double(merged) / Double(Swift.max(1, total)))
            }
        }
        try order.append(contentsOf: names)
        try order.finish()
        return RowOrder(spooled: order, largest: largest)
    }

    /// A run's records, read a few thousand at a time.
    private struct RunReader {
        /// The run's records not yet read into `buffer` (a record is two words).
        var records: Range<Int>
        var buffer: [UInt64] = []
        var at = 0

        /// The run's next record, or nil at its end.
        mutating func next(from runs: SpooledWords) throws(TableSourceError) -> MergeHeap.Record? {
            if at >= buffer.count {
                guard !records.isEmpty else { return nil }
                let taken = records.prefix(SpilledSort.readRecords)
                buffer = try runs.words(in: 2 * taken.lowerBound..<2 * taken.upperBound, keeping: false)
                guard buffer.count == 2 * taken.count else { throw .failed("the sort's pieces could not be read back whole") }
                records = taken.upperBound..<records.upperBound
                at = 0
            }
            defer { at += 2 }
            return MergeHeap.Record(key: buffer[at], tag: buffer[at + 1])
        }
    }
}

/// The heads of the runs a merge takes the least of, in a binary heap.
private struct MergeHeap {
    /// A record: its key (a missing key 0) and its place, the top bit set when the key is missing.
    struct Record {
        let key: UInt64
        let tag: UInt64

        /// True when this record comes first: present before missing, then by key, then place.
        @inline(__always)
        func precedes(_ other: Record) -> Bool {
            let missing = tag >> 63, otherMissing = other.tag >> 63
            if missing != otherMissing { return missing < otherMissing }
            if key != other.key { return key < other.key }
            return tag < other.tag
        }
    }

    private var items: [(record: Record, run: Int)] = []

    /// The least record and its run.
    var first: (Record, Int)? { items.first.map { ($0.record, $0.run) } }

    mutating func push(_ record: Record, run: Int) {
        items.append((record, run))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i].record.precedes(items[parent].record) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    /// Puts `record` of `run` where the least was.
    mutating func replaceFirst(_ record: Record, run: Int) {
        items[0] = (record, run)
        siftDown()
    }

    mutating func removeFirst() {
        items.swapAt(0, items.count - 1)
        items.removeLast()
        siftDown()
    }

    private mutating func siftDown() {
        var i = 0
        while true {
            let left = 2 * i + 1, right = left + 1
            var least = i
            if left < items.count, items[left].record.precedes(items[least].record) { least = left }
            if right < items.count, items[right].record.precedes(items[least].record) { least = right }
            guard least != i else { return }
            items.swapAt(i, least)
            i = least
        }
    }
}
