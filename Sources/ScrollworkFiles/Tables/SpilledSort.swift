import Scrollwork

/// A sort of more rows than a sort holds in memory at once. The keys are read a piece at a time,
/// each piece sorted (``WordSort``, a pass a key from the last) and kept in a temporary file as a
/// run, and the runs merged into an order kept in another (``RowOrder``, ``RunMerge``): memory
/// holds one piece's keys and a block of each run however many rows there are. A key is a word,
/// or a text whose first eight bytes are its word and whose later bytes wait in a file of their
/// own until two words tie. Ties keep the places' order, and a missing key comes after every
/// present one of its column in either direction, as every sort of a table does.
struct SpilledSort {
    /// Places sorted at a time.
    let pieceRows: Int
    /// Each key's direction, the first key deciding first.
    let ascending: [Bool]
    /// The words of texts (their bytes past the first eight) the merge reads ahead from all
    /// the runs together, about 64 MB; a run reads at least one record's however long.
    var textWordsMerged = 1 << 23

    /// A sort by one key.
    init(pieceRows: Int, ascending: Bool) { self.init(pieceRows: pieceRows, ascending: [ascending]) }

    /// A sort by as many keys as `ascending` has directions.
    init(pieceRows: Int, ascending: [Bool]) {
        self.pieceRows = pieceRows
        self.ascending = ascending
    }

    /// The most keys a sort spills by: a record's tag word holds a missing bit a key above its
    /// place.
    static let mostKeys = 8

    /// The bytes of temporary files a sort of a row by `keys` keys takes, `textKeys` of them
    /// text, past the bytes of its texts: its record in a run (a word a key, one for its place
    /// and one for each text's length), a word at most of padding a text, and its name in the
    /// order (8).
    static func bytesPerRow(keys: Int, textKeys: Int = 0) -> UInt64 {
        let keys = Swift.min(mostKeys, Swift.max(1, keys)), texts = Swift.min(keys, Swift.max(0, textKeys))
        return UInt64(8 * (keys + 1 + 2 * texts) + 8)
    }

    /// True when a sort of `rows` rows by `keys` keys (1 to ``mostKeys``), `textKeys` of them
    /// text of `textBytes` bytes in all, may keep its runs and order in the temporary directory:
    /// within what ``TemporarySpace`` lets a program write there by choice (on a file system in
    /// memory, a quarter of what is free: every byte there is memory too).
    static func fits(rows: Int, keys: Int = 1, textKeys: Int = 0, textBytes: UInt64 = 0, budget: UInt64 = TemporarySpace.budget()) -> Bool {
        guard (1...mostKeys).contains(keys), rows <= placeLimit(keys: keys) else { return false }
        let needed = UInt64(Swift.max(0, rows)).multipliedReportingOverflow(by: bytesPerRow(keys: keys, textKeys: textKeys))
        let total = needed.partialValue.addingReportingOverflow(textBytes)
        return !needed.overflow && !total.overflow && total.partialValue <= budget
    }

    /// The most places a sort by `keys` keys numbers: their missing bits take the top of a word.
    private static func placeLimit(keys: Int) -> Int { Int(UInt64.max >> UInt64(Swift.min(mostKeys, Swift.max(1, keys)))) }

    /// Places `0..<count` in the order of their keys (`keys(range)` gives a range's, a
    /// ``Keys`` for each direction in ``ascending``, read once, each column's keys words or
    /// texts in every range alike), each written as the name `name(place)` gives it.
    ///
    /// - Throws: ``TableSourceError/cancelled`` once `progress` says stop; what `keys` throws;
    ///   ``TableSourceError/failed(_:)`` when a temporary file cannot be made or written, or
    ///   `keys` gives keys of another count or kind; ``TableSourceError/unsupported(_:)`` for no
    ///   key, more than ``mostKeys``, or more places than their missing bits leave room to number.
    func order(count: Int, keys: (Range<Int>) throws(TableSourceError) -> [Keys], name: (Int) -> Int, progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let width = ascending.count
        guard (1...Self.mostKeys).contains(width) else { throw .unsupported("a sort spills by 1 to \(Self.mostKeys) keys, not \(width)") }
        guard count <= Self.placeLimit(keys: width) else { throw .unsupported("a sort by \(width) keys spills at most \(Self.placeLimit(keys: width)) rows, not \(count)") }
        let piece = Swift.max(1, pieceRows)
        let runs = try SpooledWords(purpose: "the sort's pieces")
        var tails: SpooledWords? = nil
        var isText: [Bool]? = nil
        var bounds: [Range<Int>] = [], tailBounds: [Range<Int>] = []
        var start = 0
        while start < count {
            let range = start..<Swift.min(count, start.addingSaturating(piece))
            try progress.check()
            let read = try keys(range)
            guard read.count == width else { throw .failed("the sort read keys of \(read.count) columns for \(width)") }
            if let short = read.first(where: { $0.keys.count != range.count }) { throw .failed("the sort read \(short.keys.count) keys for \(range.count) rows") }
            guard isText == nil || isText == read.map(\.isText) else { throw .failed("the sort read text for a column in one piece and not in another") }
            isText = read.map(\.isText)
            if tails == nil, read.contains(where: \.isText) { tails = try SpooledWords(purpose: "the sort's texts") }
            let tailStart = tails?.count ?? 0
            try write(piece: range, read, into: runs, tails: tails, progress: progress)
            bounds.append(range)
            tailBounds.append(tailStart..<(tails?.count ?? 0))
            start = range.upperBound
            _ = progress.report(0.8 * Double(start) / Double(count))
        }
        try runs.finish()
        try tails?.finish()
        let texts = RunMerge.Texts(spool: tails, bounds: tailBounds, isText: isText ?? [])
        return try merge(runs, bounds: bounds, texts: texts, name: name, progress: progress)
    }

    /// Sorts the keys `read` of places `range`, a stable pass a key from the last, and writes
    /// them to `runs` as one run: a record a place of its keys (a missing key 0, a descending
    /// key's bits flipped, so a merge compares every key ascending), its place with a missing
    /// bit a key at the top, and each text's length; each text's bytes past its first word go
    /// to `tails`, in the records' order.
    private func write(piece range: Range<Int>, _ read: [Keys], into runs: SpooledWords, tails: SpooledWords?, progress: TableProgress) throws(TableSourceError) {
        var sorted: [UInt32]? = nil
        for j in read.indices.reversed() {
            let column = read[j]
            // Each pass sorts the keys in the order the later keys left them, so ties stay so.
            let keys = sorted.map { $0.map { column.keys[Int($0)] } } ?? column.keys
            let missing = sorted.map { $0.map { Int($0) < column.missing.count && column.missing[Int($0)] } } ?? column.missing
            guard let pass = WordSort.positions(keys: keys, missing: missing, ascending: ascending[j], progress: { _ in !progress.isCancelled })
            else { throw progress.isCancelled ? .cancelled : .failed("the sort cannot sort \(keys.count) keys at once") }
            let placed = sorted.map { before in pass.map { before[Int($0)] } } ?? pass
            sorted = column.orderingTies(placed, ascending: ascending[j])
        }
        let texts = read.indices.filter { read[$0].isText }
        // Written a block at a time: a piece's records whole would be a word a key and row more.
        var records: [UInt64] = [], tailWords: [UInt64] = []
        records.reserveCapacity(SpooledWords.blockWords + read.count + texts.count + 1)
        // Each column's lists held apart, so that the loop reads them without a copy a record.
        let keyColumns = read.map(\.keys), missingColumns = read.map(\.missing)
        for position in sorted ?? [] {
            let i = Int(position)
            var tag = UInt64(range.lowerBound + i)
            for j in keyColumns.indices {
                if i < missingColumns[j].count && missingColumns[j][i] {
                    records.append(0)
                    tag |= 1 << UInt64(63 - j)
                } else {
                    records.append(ascending[j] ? keyColumns[j][i] : ~keyColumns[j][i])
                }
            }
            records.append(tag)
            for j in texts {
                records.append(UInt64(read[j].textLength(i)))
                read[j].appendTailWords(i, to: &tailWords)
            }
            if records.count >= SpooledWords.blockWords {
                try runs.append(contentsOf: records)
                records.removeAll(keepingCapacity: true)
            }
            if tailWords.count >= SpooledWords.blockWords {
                try tails?.append(contentsOf: tailWords)
                tailWords.removeAll(keepingCapacity: true)
            }
        }
        try runs.append(contentsOf: records)
        try tails?.append(contentsOf: tailWords)
    }

    /// The runs in `runs` (run `r` holds the records of places `bounds[r]`) merged into one
    /// order of names.
    private func merge(_ runs: SpooledWords, bounds: [Range<Int>], texts: RunMerge.Texts, name: (Int) -> Int, progress: TableProgress) throws(TableSourceError) -> RowOrder {
        let order = try SpooledWords(purpose: "the sorted order")
        var merge = try RunMerge(runs, bounds: bounds, ascending: ascending, texts: texts, textWords: textWordsMerged)
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
}
