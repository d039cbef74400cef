import Scrollwork

/// A sort of more rows than a sort holds in memory at once. The keys are read a piece at a time,
/// each piece sorted (``WordSort``, a pass a key from the last) and kept in a temporary file as a
/// run, and the runs merged into an order kept in another (``RowOrder``): memory holds one
/// piece's keys and a block of each run however many rows there are. Ties keep the places'
/// order, and a missing key comes after every present one of its column in either direction, as
/// every sort of a table does.
struct SpilledSort {
    /// Places sorted at a time.
    let pieceRows: Int
    /// Each key's direction, the first key deciding first.
    let ascending: [Bool]

    /// A sort by one key.
    init(pieceRows: Int, ascending: Bool) { self.init(pieceRows: pieceRows, ascending: [ascending]) }

    /// A sort by as many keys as `ascending` has directions.
    init(pieceRows: Int, ascending: [Bool]) {
        self.pieceRows = pieceRows
        self.ascending = ascending
    }

    /// The keys of a range of places, and which of them are missing.
    typealias Keys = (keys: [UInt64], missing: [Bool])

    /// The most keys a sort spills by: a record's last word holds a missing bit a key above its
    /// place.
    static let mostKeys = 8

    /// Records read from a run at a time while merging.
    private static let readRecords = 1 << 14

    /// The bytes of temporary files a sort of a row by `keys` keys takes: its record in a run
    /// (a word a key and one for its place) and its name in the order (8).
    static func bytesPerRow(keys: Int) -> UInt64 { UInt64(8 * (Swift.max(1, keys) + 1) + 8) }

    /// True when a sort of `rows` rows by `keys` keys (1 to ``mostKeys``) may keep its runs and
    /// order in the temporary directory: within what ``TemporarySpace`` lets a program write
    /// there by choice (on a file system in memory, a quarter of what is free: every byte there
    /// is memory too).
    static func fits(rows: Int, keys: Int = 1, budget: UInt64 = TemporarySpace.budget()) -> Bool {
        guard (1...mostKeys).contains(keys), rows <= placeLimit(keys: keys) else { return false }
        let needed = UInt64(Swift.max(0, rows)).multipliedReportingOverflow(by: bytesPerRow(keys: keys))
        return !needed.overflow && needed.partialValue <= budget
    }

    /// The most places a sort by `keys` keys numbers: their missing bits take the top of a word.
    private static func placeLimit(keys: Int) -> Int { Int(UInt64.max >> UInt64(Swift.min(mostKeys, Swift.max(1, keys)))) }

    /// Places `0..<count` in the order of their keys (`keys(range)` gives a range's, a
    /// ``Keys`` for each direction in ``ascending``, read once), each written as the name
    /// `name(place)` gives it.
    ///
    /// - Throws: ``TableSourceError/cancelled`` once `progress` says stop; what `keys` throws;
    ///   ``TableSourceError/failed(_:)`` when a temporary file cannot be made or written, or
    ///   `keys` gives keys of another count; ``TableSourceError/unsupported(_:)`` for no key,
    ///   more than ``mostKeys``, or more places than their missing bits leave room to number.
    func order(count: Int, keys: (Range<Int>) throws(TableSourceError) -> [Keys], name: (Int) -> Int, progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let width = ascending.count
        guard (1...Self.mostKeys).contains(width) else { throw .unsupported("a sort spills by 1 to \(Self.mostKeys) keys, not \(width)") }
        guard count <= Self.placeLimit(keys: width) else { throw .unsupported("a sort by \(width) keys spills at most \(Self.placeLimit(keys: width)) rows, not \(count)") }
        let piece = Swift.max(1, pieceRows)
        let runs = try SpooledWords(purpose: "the sort's pieces")
        var bounds: [Range<Int>] = []
        var start = 0
        while start < count {
            let range = start..<Swift.min(count, start.addingSaturating(piece))
            try progress.check()
            let read = try keys(range)
            guard read.count == width else { throw .failed("the sort read keys of \(read.count) columns for \(width)") }
            if let short = read.first(where: { $0.keys.count != range.count }) { throw .failed("the sort read \(short.keys.count) keys for \(range.count) rows") }
            try write(piece: range, read, into: runs, progress: progress)
            bounds.append(range)
            start = range.upperBound
            _ = progress.report(0.8 * Double(start) / Double(count))
        }
        try runs.finish()
        return try merge(runs, bounds: bounds, name: name, progress: progress)
    }

    /// Sorts the keys `read` of places `range`, a stable pass a key from the last, and writes
    /// them to `runs` as one run: a record a place of its keys (a missing key 0, a descending
    /// key's bits flipped, so a merge compares every key ascending) and its place with a missing
    /// bit a key at the top.
    private func write(piece range: Range<Int>, _ read: [Keys], into runs: SpooledWords, progress: TableProgress) throws(TableSourceError) {
        var sorted: [UInt32]? = nil
        for j in read.indices.reversed() {
            let column = read[j]
            // Each pass sorts the keys in the order the later keys left them, so ties stay so.
            let keys = sorted.map { $0.map { column.keys[Int($0)] } } ?? column.keys
            let missing = sorted.map { $0.map { Int($0) < column.missing.count && column.missing[Int($0)] } } ?? column.missing
            guard let pass = WordSort.positions(keys: keys, missing: missing, ascending: ascending[j], progress: { _ in !progress.isCancelled })
            else { throw progress.isCancelled ? .cancelled : .failed("the sort cannot sort \(keys.count) keys at once") }
            sorted = sorted.map { before in pass.map { before[Int($0)] } } ?? pass
        }
        // Written a block at a time: a piece's records whole would be a word a key and row more.
        var records: [UInt64] = []
        records.reserveCapacity(SpooledWords.blockWords + read.count + 1)
        for position in sorted ?? [] {
            let i = Int(position)
            var tag = UInt64(range.lowerBound + i)
            for j in read.indices {
                if i < read[j].missing.count && read[j].missing[i] {
                    records.append(0)
                    tag |= 1 << UInt64(63 - j)
                } else {
                    records.append(ascending[j] ? read[j].keys[i] : ~read[j].keys[i])
                }
            }
            records.append(tag)
            if records.count >= SpooledWords.blockWords {
                try runs.append(contentsOf: records)
                records.removeAll(keepingCapacity: true)
            }
        }
        try runs.append(contentsOf: records)
    }

    /// The runs in `runs` (run `r` holds the records of places `bounds[r]`) merged into one
    /// order of names.
    private func merge(_ runs: SpooledWords, bounds: [Range<Int>], name: (Int) -> Int, progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let order = try SpooledWords(purpose: "the sorted order")
        var merge = try RunMerge(runs, bounds: bounds, keys: ascending.count)
        var names: [UInt64] = []
        names.reserveCapacity(SpooledWords.blockWords)
        var merged = 0, largest: Int? = nil
        let total = bounds.last?.upperBound ?? 0
        while let place = try merge.next() {
            let named = name(place)
            largest = Swift.max(largest ?? named, named)
            names.append(UInt64(truncatingIfNeeded: named))
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
    fileprivate struct RunReader {
        /// The run's records not yet read into `buffer`.
        var records: Range<Int>
        /// Words a record: its keys and its tag.
        let width: Int
        var buffer: [UInt64] = []
        /// Where the record last read starts in `buffer`.
        var head = 0
        var at = 0

        /// Reads the run's next record into place at ``head``; false at the run's end.
        mutating func advance(in runs: SpooledWords) throws(TableSourceError) -> Bool {
            if at >= buffer.count {
                guard !records.isEmpty else { return false }
                let taken = records.prefix(SpilledSort.readRecords)
                buffer = try runs.words(in: width * taken.lowerBound..<width * taken.upperBound, keeping: false)
                guard buffer.count == width * taken.count else { throw .failed("the sort's pieces could not be read back whole") }
                records = taken.upperBound..<records.upperBound
                at = 0
            }
            head = at
            at += width
            return true
        }
    }
}

/// The runs of a ``SpilledSort`` merged: the heads of the runs in a binary heap, the least
/// taken first.
private struct RunMerge {
    /// A run's head as the heap orders it: its first key and its tag (its place, a missing bit a
    /// key at the top), the later keys read from the run's buffer when the first ties.
    struct Head {
        let key: UInt64
        let tag: UInt64
        let run: Int
    }

    let runs: SpooledWords
    var readers: [SpilledSort.RunReader]
    let keys: Int
    private var heap: [Head] = []
    /// The bits of a tag that are its place.
    private let placeMask: UInt64

    init(_ runs: SpooledWords, bounds: [Range<Int>], keys: Int) throws(TableSourceError) {
        self.runs = runs
        self.keys = keys
        placeMask = UInt64.max >> UInt64(keys)
        // The runs lie one after the next, in the places' order.
        var first = 0
        readers = bounds.map { bound in
            defer { first += bound.count }
            return SpilledSort.RunReader(records: first..<(first + bound.count), width: keys + 1)
        }
        heap.reserveCapacity(readers.count)
        for r in readers.indices {
            if let head = try read(r) { push(head) }
        }
    }

    /// The next place in order, or nil once every run is taken.
    mutating func next() throws(TableSourceError) -> Int? {
        guard let least = heap.first else { return nil }
        if let head = try read(least.run) {
            heap[0] = head
        } else {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
        }
        siftDown()
        return Int(least.tag & placeMask)
    }

    /// Run `r`'s next record as a head, or nil at its end.
    private mutating func read(_ r: Int) throws(TableSourceError) -> Head? {
        guard try readers[r].advance(in: runs) else { return nil }
        let at = readers[r].head, buffer = readers[r].buffer
        return Head(key: buffer[at], tag: buffer[at + keys], run: r)
    }

    /// True when `a` comes first: key by key, present before missing and then by the key's
    /// word, and at last by place.
    @inline(__always)
    private func precedes(_ a: Head, _ b: Head) -> Bool {
        let missing = a.tag >> 63, otherMissing = b.tag >> 63
        if missing != otherMissing { return missing < otherMissing }
        if a.key != b.key { return a.key < b.key }
        if keys > 1, let decided = laterKeys(a, b) { return decided }
        return a.tag & placeMask < b.tag & placeMask
    }

    /// Whether `a` comes first by the keys after the first, or nil when they tie.
    private func laterKeys(_ a: Head, _ b: Head) -> Bool? {
        let one = readers[a.run], other = readers[b.run]
        for j in 1..<keys {
            let bit = UInt64(63 - j)
            let missing = (a.tag >> bit) & 1, otherMissing = (b.tag >> bit) & 1
            if missing != otherMissing { return missing < otherMissing }
            let key = one.buffer[one.head + j], otherKey = other.buffer[other.head + j]
            if key != otherKey { return key < otherKey }
        }
        return nil
    }

    private mutating func push(_ head: Head) {
        heap.append(head)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard precedes(heap[i], heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown() {
        var i = 0
        while true {
            let left = 2 * i + 1, right = left + 1
            var least = i
            if left < heap.count, precedes(heap[left], heap[least]) { least = left }
            if right < heap.count, precedes(heap[right], heap[least]) { least = right }
            guard least != i else { return }
            heap.swapAt(i, least)
            i = least
        }
    }
}
