import Scrollwork

/// The runs of a ``SpilledSort`` merged: the heads of the runs in a binary heap, the least
/// taken first. A record is a word a key, its tag (its place, a missing bit a key at the top)
/// and the length of each text; a text's bytes past its first word are kept apart, in the
/// records' order.
struct RunMerge {
    /// Where the runs' texts are kept past their first words.
    struct Texts {
        /// The words of every run's texts, run after run; nil when no key is text.
        let spool: SpooledWords?
        /// Run `r`'s words in ``spool``.
        let bounds: [Range<Int>]
        /// Whether each key is text.
        let isText: [Bool]
    }

    /// A run's head as the heap orders it: its first key and its tag, the later keys and the
    /// texts read from the run's buffers when the first ties.
    struct Head {
        let key: UInt64
        let tag: UInt64
        let run: Int
    }

    /// Records read from a run at a time while merging, at most.
    static let readRecords = 1 << 14

    let runs: SpooledWords
    let texts: Texts
    private var readers: [Reader]
    private let ascending: [Bool]
    /// Each key's place among the texts, nil for a key of words.
    private let textSlots: [Int?]
    private var heap: [Head] = []
    /// The bits of a tag that are its place.
    private let placeMask: UInt64

    /// A merge of the runs in `runs` (run `r` holds the records of places `bounds[r]`), by keys
    /// in the directions `ascending`, their texts in `texts`, of which the runs read
    /// `textWords` words ahead together.
    init(_ runs: SpooledWords, bounds: [Range<Int>], ascending: [Bool], texts: Texts, textWords: Int) throws(TableSourceError) {
        self.runs = runs
        self.texts = texts
        self.ascending = ascending
        var slot = 0
        textSlots = ascending.indices.map { j in
            guard j < texts.isText.count, texts.isText[j] else { return nil }
            defer { slot += 1 }
            return slot
        }
        placeMask = UInt64.max >> UInt64(ascending.count)
        // The runs lie one after the next, in the places' order; each reads its share of the
        // texts' words ahead.
        let width = ascending.count + 1 + slot
        let budget = Swift.max(1, textWords / Swift.max(1, bounds.count))
        var first = 0
        readers = bounds.indices.map { r in
            defer { first += bounds[r].count }
            let tails = r < texts.bounds.count ? texts.bounds[r] : 0..<0
            return Reader(records: first..<(first + bounds[r].count), tails: tails, width: width, keys: ascending.count, textCount: slot, tailBudget: budget)
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
        guard try readers[r].advance(in: runs, texts: texts.spool) else { return nil }
        let at = readers[r].head, buffer = readers[r].buffer
        return Head(key: buffer[at], tag: buffer[at + ascending.count], run: r)
    }

    /// True when `a` comes first: key by key, present before missing and then by the key's
    /// word (and a text's later bytes), and at last by place.
    @inline(__always)
    private func precedes(_ a: Head, _ b: Head) -> Bool {
        let missing = a.tag >> 63, otherMissing = b.tag >> 63
        if missing != otherMissing { return missing < otherMissing }
        if a.key != b.key { return a.key < b.key }
        if ascending.count > 1 || textSlots[0] != nil, let decided = tied(a, b) { return decided }
        return a.tag & placeMask < b.tag & placeMask
    }

    /// Whether `a` comes first once their first words tie: by the first key's text, then the
    /// later keys; nil when they tie throughout.
    private func tied(_ a: Head, _ b: Head) -> Bool? {
        let one = readers[a.run], other = readers[b.run]
        for j in ascending.indices {
            let bit = UInt64(63 - j)
            let missing = (a.tag >> bit) & 1, otherMissing = (b.tag >> bit) & 1
            if j > 0 {
                if missing != otherMissing { return missing < otherMissing }
                let key = one.buffer[one.head + j], otherKey = other.buffer[other.head + j]
                if key != otherKey { return key < otherKey }
            }
            if missing == 0, let slot = textSlots[j] {
                let c = one.compareText(slot, with: other)
                if c != 0 { return (c < 0) == ascending[j] }
            }
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

extension RunMerge {
    /// A run's records, read a few thousand at a time, and their texts' words past the first,
    /// read with them up to a budget.
    struct Reader {
        /// The run's records not yet read into `buffer`.
        var records: Range<Int>
        /// The run's words of texts not yet read into `tailBuffer`.
        var tails: Range<Int>
        /// Words a record: its keys, its tag and each text's length.
        let width: Int
        let keys: Int
        let textCount: Int
        /// The most words of texts read at a time (at least one record's).
        let tailBudget: Int
        var buffer: [UInt64] = []
        var tailBuffer: [UInt64] = []
        /// Where each record's texts start in `tailBuffer`, a text a record after another.
        var tailStarts: [Int] = []
        /// Where the record last read starts in `buffer`.
        var head = 0
        var at = 0
        /// Records to read next: fewer after a read whose texts ran past the budget.
        var take = RunMerge.readRecords

        init(records: Range<Int>, tails: Range<Int>, width: Int, keys: Int, textCount: Int, tailBudget: Int) {
            self.records = records
            self.tails = tails
            self.width = width
            self.keys = keys
            self.textCount = textCount
            self.tailBudget = tailBudget
        }

        /// Reads the run's next record into place at ``head``; false at the run's end.
        mutating func advance(in runs: SpooledWords, texts: SpooledWords?) throws(TableSourceError) -> Bool {
            if at >= buffer.count {
                guard !records.isEmpty else { return false }
                let taken = records.prefix(take)
                var block = try runs.words(in: width * taken.lowerBound..<width * taken.upperBound, keeping: false)
                guard block.count == width * taken.count else { throw .failed("the sort's pieces could not be read back whole") }
                let used = textCount == 0 ? taken.count : try readTexts(of: &block, count: taken.count, from: texts)
                buffer = block
                records = (taken.lowerBound + used)..<records.upperBound
                at = 0
            }
            head = at
            at += width
            return true
        }

        /// Reads the texts of the first records of `block` (of `count`) whose texts fit the
        /// budget (one at least), drops the others from `block`, and returns how many it kept.
        private mutating func readTexts(of block: inout [UInt64], count: Int, from texts: SpooledWords?) throws(TableSourceError) -> Int {
            var starts: [Int] = [], words = 0, used = count
            starts.reserveCapacity(count * textCount)
            for r in 0..<count {
                var needs = 0
                for t in 0..<textCount { needs += SpilledSort.Keys.tailWordCount(length: block[r * width + keys + 1 + t]) }
                if r > 0 && words + needs > tailBudget {
                    used = r
                    break
                }
                for t in 0..<textCount {
                    starts.append(words)
                    words += SpilledSort.Keys.tailWordCount(length: block[r * width + keys + 1 + t])
                }
            }
            block.removeLast((count - used) * width)
            guard words <= tails.count else { throw .failed("the sort's texts could not be read back whole") }
            let range = tails.lowerBound..<(tails.lowerBound + words)
            tailBuffer = words == 0 ? [] : (try texts?.words(in: range, keeping: false) ?? [])
            guard tailBuffer.count == words else { throw .failed("the sort's texts could not be read back whole") }
            tails = range.upperBound..<tails.upperBound
            tailStarts = starts
            take = used < count ? Swift.max(1, used) : Swift.min(RunMerge.readRecords, take * 2)
            return used
        }

        /// -1, 0 or 1 as the head's text `slot` comes before, with or after `other`'s head's,
        /// by their words past the first and then by length (the first words tie).
        func compareText(_ slot: Int, with other: Reader) -> Int {
            let length = buffer[head + keys + 1 + slot], otherLength = other.buffer[other.head + other.keys + 1 + slot]
            let start = tailStarts[(head / width) * textCount + slot], otherStart = other.tailStarts[(other.head / other.width) * other.textCount + slot]
            let shared = Swift.min(SpilledSort.Keys.tailWordCount(length: length), SpilledSort.Keys.tailWordCount(length: otherLength))
            for k in 0..<shared {
                let word = tailBuffer[start + k], otherWord = other.tailBuffer[otherStart + k]
                if word != otherWord { return word < otherWord ? -1 : 1 }
            }
            return length == otherLength ? 0 : length < otherLength ? -1 : 1
        }
    }
}
