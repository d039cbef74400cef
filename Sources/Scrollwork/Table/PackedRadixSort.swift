/// The sort job's fast path: each row's key packed above the row's index into one unsigned word,
/// and the words sorted in place by their bytes, most significant first (an American flag sort).
///
/// Every word is distinct, because the index is in it, so sorting the words orders rows by key and
/// rows with equal keys by index: the sort is stable, and needs no buffer beyond the words. Integers
/// and reals pack whole; text packs a chunk of its bytes and a length byte, and rows whose chunks
/// tie are packed again with their next chunk and sorted among themselves.
enum PackedRadixSort {
    /// Sorts `words[range]` in place; `settled` is called with the number of words that reached
    /// their final place so far, and stops the sort (returning false) when it returns false.
    @_specialize(where Word == UInt64)
    @_specialize(where Word == UInt128)
    ///
    /// Safe: `range` is checked to lie in the words, every index read or written below lies in
    /// the range being sorted, and the buckets are indexed by one byte of a word, 0…255, of 256.
    static func sort<Word: FixedWidthInteger & UnsignedInteger>(_ words: inout [Word], in range: Range<Int>, settled: (Int) -> Bool) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= words.count else { return false }
        guard range.count > 32 else {
            // Small runs (most of those that tied on a chunk) need no buckets.
            unsafe words.withUnsafeMutableBufferPointer { unsafe insertionSort($0, range) }
            return settled(range.count)
        }
        return unsafe words.withUnsafeMutableBufferPointer { a in
            // The buckets live on the stack: a sort of a few hundred words allocates nothing.
            unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * 256) { scratch in
                unsafe sort(a, range, counts: UnsafeMutableBufferPointer(rebasing: scratch[0..<256]), next: UnsafeMutableBufferPointer(rebasing: scratch[256..<512]),
                     ends: UnsafeMutableBufferPointer(rebasing: scratch[512..<768]), settled: settled)
            }
        }
    }

    @_specialize(where Word == UInt64)
    @_specialize(where Word == UInt128)
    private static func sort<Word: FixedWidthInteger & UnsignedInteger>(_ a: UnsafeMutableBufferPointer<Word>, _ range: Range<Int>,
                                                                        counts: UnsafeMutableBufferPointer<Int>, next: UnsafeMutableBufferPointer<Int>,
                                                                        ends: UnsafeMutableBufferPointer<Int>, settled: (Int) -> Bool) -> Bool {
        var pending: [Range<Int>] = [range]
        var done = 0, reported = 0
        while let r = pending.popLast() {
            if done - reported >= 1 << 16 {
                reported = done
                guard settled(done) else { return false }
            }
            if r.count <= 32 {
                unsafe insertionSort(a, r)
                done += r.count
                continue
            }
            // The digit is the eight bits below the highest bit on which the words differ, so
            // that a shared prefix (a column of small numbers, text that starts alike) costs
            // one pass, not a pass for each of its bytes.
            let first = unsafe a[r.lowerBound]
            var differ: Word = 0
            for i in r { unsafe differ |= a[i] ^ first }
            let shift = Swift.max(0, Word.bitWidth - differ.leadingZeroBitCount - 8)
            for b in 0..<256 { unsafe counts[b] = 0 }
            for i in r { unsafe counts[Int(truncatingIfNeeded: a[i] >> shift) & 0xFF] += 1 }
            var start = r.lowerBound
            for b in 0..<256 {
                unsafe next[b] = start
                unsafe start += counts[b]
                unsafe ends[b] = start
            }
            for b in 0..<256 {
                while unsafe next[b] < ends[b] {
                    var word = unsafe a[next[b]]
                    var digit = Int(truncatingIfNeeded: word >> shift) & 0xFF
                    while digit != b {
                        unsafe swap(&word, &a[next[digit]])
                        unsafe next[digit] += 1
                        digit = Int(truncatingIfNeeded: word >> shift) & 0xFF
                    }
                    unsafe a[next[b]] = word
                    unsafe next[b] += 1
                }
            }
            var lower = r.lowerBound
            for b in 0..<256 where unsafe counts[b] > 0 {
                if unsafe counts[b] > 1 && shift > 0 { unsafe pending.append(lower..<(lower + counts[b])) } else { unsafe done += counts[b] }
                unsafe lower += counts[b]
            }
        }
        return settled(done)
    }

    private static func insertionSort<Word: FixedWidthInteger>(_ a: UnsafeMutableBufferPointer<Word>, _ r: Range<Int>) {
        guard r.count > 1 else { return }
        for i in (r.lowerBound + 1)..<r.upperBound {
            let word = unsafe a[i]
            var j = i
            while unsafe j > r.lowerBound && a[j - 1] > word {
                unsafe a[j] = a[j - 1]
                j -= 1
            }
            unsafe a[j] = word
        }
    }

    /// The number of bits that hold every index below `count`.
    static func indexBits(_ count: Int) -> Int {
        count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
    }

    /// `order` (identity when nil) sorted stably by 64-bit keys, read through `key` for each
    /// position, the positions `missing` holds left out of the sort and put after the others in
    /// the order they came; nil when `progress` says stop.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    static func sorted<P: FixedWidthInteger>(_ order: [P]?, count: Int, ascending: Bool, missing: RowBits? = nil, progress: (Double) -> Bool,
                                             key: (Int) -> UInt64) -> [P]? {
        let position: (Int) -> Int = order.map { o in { Int(o[$0]) } } ?? { $0 }
        let included: (Int) -> Bool = missing.map { m in { !m[position($0)] } } ?? { _ in true }
        var low = UInt64.max, high = UInt64.min, present = 0
        for i in 0..<count where included(i) {
            let k = ascending ? key(position(i)) : ~key(position(i))
            low = Swift.min(low, k)
            high = Swift.max(high, k)
            present += 1
        }
        let keyBits = present == 0 ? 0 : UInt64.bitWidth - (high - low).leadingZeroBitCount
        // Few distinct keys (a dictionary's ranks, months, codes): counted, then each position
        // put in its place, in one pass and no words.
        if keyBits <= countingBits {
            return countingSorted(count: count, present: present, buckets: present == 0 ? 0 : Int(high - low) + 1, progress: progress) { i in
                guard included(i) else { return nil }
                return Int((ascending ? key(position(i)) : ~key(position(i))) &- low)
            } position: { P(truncatingIfNeeded: position($0)) }
        }
        let indexBits = indexBits(count)
        // The narrowest word that holds both; most columns fit in 64 bits.
        if keyBits + indexBits <= 64 {
            return packAndSort(order, count: count, present: present, included: included, as: UInt64.self, indexBits: indexBits, progress: progress) { i in
                let k = ascending ? key(position(i)) : ~key(position(i))
                return (k &- low) << indexBits | UInt64(i)
            }
        }
        return packAndSort(order, count: count, present: present, included: included, as: UInt128.self, indexBits: indexBits, progress: progress) { i in
            let k = ascending ? key(position(i)) : ~key(position(i))
            return UInt128(k &- low) << indexBits | UInt128(i)
        }
    }

    /// The widest keys ``sorted(_:count:ascending:missing:progress:key:)`` sorts by counting
    /// them: 65,536 counters, half a megabyte, in the cache while each position is placed.
    static let countingBits = 16

    /// Positions `0..<count` (as `position` names them) in the order of their buckets, each
    /// bucket's in the order they came, then those with no bucket (`bucket` gives nil) in the
    /// order they came: a stable counting sort. `present` positions have a bucket, each below
    /// `buckets`. Nil when `progress` says stop.
    private static func countingSorted<P: FixedWidthInteger>(count: Int, present: Int, buckets: Int, progress: (Double) -> Bool,
                                                             bucket: (Int) -> Int?, position: (Int) -> P) -> [P]? {
        var next = [Int](repeating: 0, count: buckets + 1)
        for i in 0..<count { if let b = bucket(i) { next[b + 1] += 1 } }
        for b in 0..<buckets { next[b + 1] += next[b] }
        guard progress(0.5) else { return nil }
        var sorted = [P](repeating: 0, count: count)
        var absent = present
        for i in 0..<count {
            if let b = bucket(i) {
                sorted[next[b]] = position(i)
                next[b] += 1
            } else {
                sorted[absent] = position(i)
                absent += 1
            }
        }
        return progress(1) ? sorted : nil
    }

    /// `order` (identity when nil) sorted by `words`, one for each of its positions, the
    /// position in the low `indexBits` bits; nil when `progress` says stop.
    @_specialize(where P == UInt32, Word == UInt64)
    @_specialize(where P == UInt32, Word == UInt128)
    @_specialize(where P == Int, Word == UInt64)
    @_specialize(where P == Int, Word == UInt128)
    static func sorted<P: FixedWidthInteger, Word: FixedWidthInteger & UnsignedInteger>(_ order: [P]?, words: inout [Word], indexBits: Int,
                                                                                    progress: (Double) -> Bool) -> [P]? {
        let count = words.count
        guard sort(&words, in: 0..<count, settled: { progress(Double($0) / Double(Swift.max(1, count))) }) else { return nil }
        return unpacked(words, order: order, count: count, indexBits: indexBits, included: { _ in true })
    }

    /// `order` (identity when nil) sorted stably by byte strings, read through `bytes(position,
    /// offset)`, which packs the string's bytes from `offset` with ``chunk(_:at:dataBytes:)``; a
    /// shorter string that begins another sorts first. The positions `missing` holds come after
    /// the others, in the order they came. Nil when `progress` says stop.
    @_specialize(where P == UInt32)
    @_specialize(where P == Int)
    static func sorted<P: FixedWidthInteger>(_ order: [P]?, count: Int, ascending: Bool, missing: RowBits? = nil, progress: (Double) -> Bool,
                                             bytes: (_ position: Int, _ offset: Int, _ dataBytes: Int) -> UInt128) -> [P]? {
        let position: (Int) -> Int = order.map { o in { Int(o[$0]) } } ?? { $0 }
        let included: (Int) -> Bool = missing.map { m in { !m[position($0)] } } ?? { _ in true }
        let indexBits = indexBits(count)
        let chunkBytes = (UInt128.bitWidth - indexBits) / 8
        let dataBytes = chunkBytes - 1
        let chunkMask: UInt128 = chunkBytes == 16 ? ~0 : (1 << (chunkBytes * 8)) - 1
        let indexMask: UInt128 = (1 << indexBits) - 1
        func pack(_ i: Int, _ offset: Int) -> UInt128 {
            let chunk = bytes(position(i), offset, dataBytes)
            return (ascending ? chunk : ~chunk & chunkMask) << indexBits | UInt128(i)
        }
        // A run of equal chunks whose strings go on past the chunk is packed again from the
        // next chunk and sorted among itself; other runs are equal strings, in index order.
        func goesOn(_ word: UInt128) -> Bool {
            let chunk = ascending ? word >> indexBits : ~(word >> indexBits) & chunkMask
            return chunk & 0xFF == UInt128(chunkBytes)
        }
        // Safe: `n` counts the words written, at most one for each of the `count` positions.
        var words = unsafe [UInt128](unsafeUninitializedCapacity: count) { buffer, initialized in
            var n = 0
            for i in 0..<count where included(i) {
                unsafe buffer[n] = pack(i, 0)
                n += 1
            }
            initialized = n
        }
        var pending: [(Range<Int>, Int)] = [(0..<words.count, 0)]
        var settledBefore = 0
        // Runs sorted again count twice, so the fraction shown only ever grows.
        var shown = 0.0
        while let (run, offset) = pending.popLast() {
            if offset > 0 {
                for i in run { words[i] = pack(Int(words[i] & indexMask), offset) }
            }
            let base = settledBefore
            guard sort(&words, in: run, settled: { done in
                // Ten thousand small runs would call back ten thousand times: only each hundredth.
                let fraction = Double(base + done) / Double(Swift.max(1, count))
                guard fraction >= shown + 0.01 else { return true }
                shown = fraction
                return progress(shown)
            }) else { return nil }
            var start = run.lowerBound
            while start < run.upperBound {
                var end = start + 1
                while end < run.upperBound && words[end] >> indexBits == words[start] >> indexBits { end += 1 }
                if end - start > 1 && goesOn(words[start]) {
                    pending.append((start..<end, offset + dataBytes))
                } else {
                    settledBefore += end - start
                }
                start = end
            }
        }
        return unpacked(words, order: order, count: count, indexBits: indexBits, included: included)
    }

    /// Packs `dataBytes` bytes of `bytes` from `offset` (zeros past the end), then a length byte:
    /// the bytes left from `offset`, at most `dataBytes + 1`, which says the string goes on.
    static func chunk(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, dataBytes: Int) -> UInt128 {
        var chunk: UInt128 = 0
        for j in 0..<dataBytes {
            let at = offset + j
            // Safe: read only inside the bytes lent for the call.
            chunk = unsafe chunk << 8 | UInt128(at >= 0 && at < bytes.count ? bytes[at] : 0)
        }
        return chunk << 8 | UInt128(Swift.min(Swift.max(0, bytes.count - offset), dataBytes + 1))
    }

    @_specialize(where P == UInt32, Word == UInt64)
    @_specialize(where P == UInt32, Word == UInt128)
    @_specialize(where P == Int, Word == UInt64)
    @_specialize(where P == Int, Word == UInt128)
    private static func packAndSort<P: FixedWidthInteger, Word: FixedWidthInteger & UnsignedInteger>(
        _ order: [P]?, count: Int, present: Int, included: (Int) -> Bool, as: Word.Type, indexBits: Int, progress: (Double) -> Bool, word: (Int) -> Word
    ) -> [P]? {
        // Only the included positions are packed: the others take no word and no copy of the order.
        // Safe: at most `present` words are written, the capacity.
        var words = unsafe [Word](unsafeUninitializedCapacity: present) { buffer, initialized in
            var n = 0
            for i in 0..<count where included(i) && n < present {
                unsafe buffer[n] = word(i)
                n += 1
            }
            initialized = n
        }
        guard sort(&words, in: 0..<words.count, settled: { progress(Double($0) / Double(Swift.max(1, count))) }) else { return nil }
        return unpacked(words, order: order, count: count, indexBits: indexBits, included: included)
    }

    /// The positions of sorted `words` (their low `indexBits` bits index `order`), then those
    /// of `order` that `included` left out, in the order they came: one array of `count`.
    private static func unpacked<P: FixedWidthInteger, Word: FixedWidthInteger & UnsignedInteger>(
        _ words: [Word], order: [P]?, count: Int, indexBits: Int, included: (Int) -> Bool
    ) -> [P] {
        let mask: Word = (1 << indexBits) - 1
        var result: [P] = []
        result.reserveCapacity(count)
        for w in words {
            let i = Int(truncatingIfNeeded: w & mask)
            result.append(order?[i] ?? P(truncatingIfNeeded: i))
        }
        if words.count < count {
            for i in 0..<count where !included(i) { result.append(order?[i] ?? P(truncatingIfNeeded: i)) }
        }
        return result
    }
}
