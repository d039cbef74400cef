import Scrollwork

extension SpilledSort {
    /// The keys of a range of places by one column, and which of them are missing: a word a
    /// place that orders as the sort orders the values (``WordSort``), or, for a column of text,
    /// each place's text, whose first eight bytes its word holds and whose later bytes decide
    /// between words that tie.
    struct Keys: Sendable, Equatable {
        /// A word a place: the key itself, or a text's first eight bytes, big-endian, padded
        /// with zeros.
        var keys: [UInt64]
        var missing: [Bool]
        /// True when the keys are texts.
        let isText: Bool
        /// For a column of text, the bytes of every place's text one after another (a missing
        /// one's empty), and where each ends.
        private var textBytes: [UInt8] = []
        private var textEnds: [Int] = []

        /// Keys of one word each.
        init(keys: [UInt64], missing: [Bool]) {
            self.keys = keys
            self.missing = missing
            isText = false
        }

        /// Keys of text, appended a place at a time (``appendText(_:repairing:)``,
        /// ``appendMissingText()``).
        init(textsFor count: Int) {
            keys = []
            missing = []
            keys.reserveCapacity(count)
            missing.reserveCapacity(count)
            isText = true
            textEnds.reserveCapacity(count)
        }

        /// Keys of the texts `values` (nil for a missing one), compared byte by byte.
        init(texts values: [[UInt8]?]) {
            self.init(textsFor: values.count)
            for value in values {
                if let value { appendText(value, repairing: false) } else { appendMissingText() }
            }
        }

        /// The places keyed.
        var count: Int { keys.count }

        /// Appends the next place's text, `bytes`; when `repairing`, bytes that are not UTF-8
        /// are read as a table reads them (each bad sequence U+FFFD), so the text sorts as its
        /// repaired form does everywhere else.
        mutating func appendText<Bytes: Collection<UInt8>>(_ bytes: Bytes, repairing: Bool) {
            guard isText else { return }
            if repairing, bytes.contains(where: { $0 >= 0x80 }) {
                let repaired = String(decoding: bytes, as: UTF8.self).utf8
                textBytes.append(contentsOf: repaired)
                keys.append(Self.firstWord(of: repaired))
            } else {
                textBytes.append(contentsOf: bytes)
                keys.append(Self.firstWord(of: bytes))
            }
            missing.append(false)
            textEnds.append(textBytes.count)
        }

        /// Appends a place whose text is missing.
        mutating func appendMissingText() {
            guard isText else { return }
            keys.append(0)
            missing.append(true)
            textEnds.append(textBytes.count)
        }

        /// Appends the keys of `other`, of the same kind (words, or texts).
        mutating func append(_ other: Keys) {
            keys += other.keys
            missing += other.missing
            guard isText && other.isText else { return }
            let base = textBytes.count
            textBytes += other.textBytes
            textEnds += other.textEnds.map { $0 + base }
        }

        /// The first eight bytes of `bytes` as a word, the first the highest, padded with zeros:
        /// words order as their texts' first eight bytes do.
        static func firstWord<Bytes: Collection<UInt8>>(of bytes: Bytes) -> UInt64 {
            var word: UInt64 = 0, taken = 0
            for byte in bytes.prefix(8) {
                word = word << 8 | UInt64(byte)
                taken += 1
            }
            return taken == 0 ? 0 : word << UInt64(8 * (8 - taken))
        }

        /// Where text `i`'s bytes are in ``textBytes`` (empty when it is not a text).
        private func bounds(_ i: Int) -> Range<Int> {
            guard i >= 0, i < textEnds.count else { return 0..<0 }
            return (i == 0 ? 0 : textEnds[i - 1])..<textEnds[i]
        }

        /// The length of text `i` in bytes.
        func textLength(_ i: Int) -> Int { bounds(i).count }

        /// Word `k` of text `i`: its bytes `8k..<8k+8`, the first the highest, padded with zeros.
        private func word(_ i: Int, _ k: Int) -> UInt64 {
            let whole = bounds(i), start = whole.lowerBound + 8 * k
            guard start < whole.upperBound else { return 0 }
            let end = Swift.min(whole.upperBound, start + 8)
            var word: UInt64 = 0
            for at in start..<end { word = word << 8 | UInt64(textBytes[at]) }
            return word << UInt64(8 * (8 - (end - start)))
        }

        /// `positions`, ordered by their words already, with each stretch of equal present
        /// words ordered by the texts' later words and then by length (shorter first where one
        /// is the other's start), in `ascending` order, ties kept as they came: a stable pass a
        /// word over each stretch that still ties, its length once its words are all read.
        func orderingTies(_ positions: [UInt32], ascending: Bool) -> [UInt32] {
            guard isText else { return positions }
            var ordered = positions
            // Stretches still to order, each tied in its words before `depth`.
            var pending: [(range: Range<Int>, depth: Int)] = []
            pending += stretches(of: ordered, in: 0..<ordered.count) { isMissing(Int($0)) ? nil : keys[Int($0)] }.map { ($0, 1) }
            while let (range, depth) = pending.popLast() {
                let members = Array(ordered[range])
                // Texts whose words are all read tie until their lengths decide.
                let read = members.allSatisfy { textLength(Int($0)) <= 8 * depth }
                let words = members.map { read ? UInt64(textLength(Int($0))) : word(Int($0), depth) }
                guard let pass = WordSort.positions(keys: words, missing: [], ascending: ascending) else { continue }
                ordered.replaceSubrange(range, with: pass.map { members[Int($0)] })
                guard !read else { continue }
                let placed = pass.map { words[Int($0)] }
                pending += stretches(of: placed, in: 0..<placed.count) { $0 }.map { (($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound), depth + 1) }
            }
            return ordered
        }

        /// The stretches of more than one element of `values` (in `range`) with equal keys,
        /// an element without one (a missing text) in none.
        private func stretches<Value>(of values: [Value], in range: Range<Int>, key: (Value) -> UInt64?) -> [Range<Int>] {
            var found: [Range<Int>] = []
            var start = range.lowerBound
            while start < range.upperBound {
                let first = key(values[start])
                var end = start + 1
                while end < range.upperBound, let first, key(values[end]) == first { end += 1 }
                if end - start > 1 { found.append(start..<end) }
                start = end
            }
            return found
        }

        /// True when place `i`'s key is missing (a place past ``missing`` is present).
        private func isMissing(_ i: Int) -> Bool { i < missing.count && missing[i] }

        /// Appends the words text `i`'s bytes past the eighth are kept in within a run to
        /// `words`: eight bytes a word, the first the highest, the last padded with zeros, so
        /// that words compare as the bytes do.
        func appendTailWords(_ i: Int, to words: inout [UInt64]) {
            let count = Self.tailWordCount(length: UInt64(textLength(i)))
            for k in 0..<count { words.append(word(i, k + 1)) }
        }

        /// The words a text of `length` bytes keeps past its first (``appendTailWords(_:to:)``).
        static func tailWordCount(length: UInt64) -> Int {
            guard length > 8 else { return 0 }
            let past = length - 8
            return Int(truncatingIfNeeded: past / 8 + (past % 8 == 0 ? 0 : 1))
        }
    }
}
