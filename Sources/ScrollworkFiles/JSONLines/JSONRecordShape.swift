/// The layout that the records of a JSON Lines file written by one program share: the same keys
/// in the same order with the same spacing, only the values differing. Learned from one record
/// that ``JSONMemberScan`` read whole, it checks each next record against those bytes a word at a
/// time and steps over the values alone, where the scan walked every key, colon and space: a
/// record that fits has the learned record's members exactly, so the answer is the scan's own.
/// A record that does not fit (another key, other spacing, a nested value) is left to the scan.
struct JSONRecordShape {
    /// The bytes between the values (keys, quotes, spaces, punctuation), one run a member and
    /// then what closes the object, followed by eight zero bytes so that a short run is read as
    /// one word.
    private var text: [UInt8] = []
    /// Where each run of ``text`` begins, and after the last one where it ends.
    private var bounds: [Int] = []
    /// The value that is the key's (the last member of that name), or -1 when it is absent.
    private var keyMember = -1
    /// Each member's name, in order.
    private(set) var names: [String] = []

    /// Whether a record has been learned.
    var isEmpty: Bool { bounds.isEmpty }

    /// Whether to learn again after `misses` records in a row that did not fit: at once, then
    /// after 2, 4, 8… and every 64th, so that a file of one layout relearns at its first miss
    /// and one whose records are all nested does not pay for learning on every record.
    static func learns(afterMisses misses: Int) -> Bool {
        misses > 0 && (misses & (misses &- 1) == 0 || misses % 64 == 0)
    }

    /// The layout of `record`, whose values `layout` holds; empty (fitting nothing) unless every
    /// value is a string, number or literal.
    mutating func learn(_ record: UnsafeBufferPointer<UInt8>, layout: JSONMemberScan.Layout) {
        text.removeAll(keepingCapacity: true)
        bounds.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        guard layout.flat, layout.end <= record.count, layout.names.count == layout.values.count else { return }
        // Safe: the layout's ranges were found in this record, inside its count.
        names = layout.names.map { unsafe String(decoding: UnsafeBufferPointer(rebasing: record[$0]), as: UTF8.self) }
        var from = 0
        for value in layout.values {
            bounds.append(text.count)
            unsafe text += record[from..<value.lowerBound]
            from = value.upperBound
        }
        bounds.append(text.count)
        unsafe text += record[from..<layout.end]
        bounds.append(text.count)
        text += repeatElement(0, count: 8)
        keyMember = layout.keyMember
    }

    /// The key's value in `record` when the record fits this layout; nil when it does not (a
    /// backslash in a string included, as an escape is the scan's to read).
    func value(in record: UnsafeBufferPointer<UInt8>) -> JSONMemberScan.Found? {
        var found = JSONMemberScan.Found.absent
        let key = keyMember
        // Safe: the ranges `walk` hands over lie inside the record.
        // Safe: the ranges `walk` hands over lie inside the record.
        let fits = unsafe walk(record) { member, text, quoted in
            guard member == key else { return true }
            // Text beyond ASCII is the reader's, as in the scan.
            if quoted, unsafe !Self.isASCII(record, text) { return false }
            found = unsafe !quoted && JSONMemberScan.isNull(startingWith: record[text.lowerBound]) ? .absent : .value(text)
            return true
        }
        return fits ? found : nil
    }

    /// Each value's text in `record` (a string's without its quotes; nil for `null`), member by
    /// member, and whether it is a string, when the record fits this layout and every string is
    /// ASCII (the reader's text is then the bytes as written); false when not.
    func values(in record: UnsafeBufferPointer<UInt8>, _ take: (_ member: Int, _ text: Range<Int>?, _ isString: Bool) -> Void) -> Bool {
        unsafe walk(record) { member, text, quoted in
            if quoted, unsafe !Self.isASCII(record, text) { return false }
            unsafe take(member, !quoted && JSONMemberScan.isNull(startingWith: record[text.lowerBound]) ? nil : text, quoted)
            return true
        }
    }

    /// Whether `record`'s bytes `range` are all ASCII.
    @inline(__always)
    private static func isASCII(_ record: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        // Safe: the range is one `walk` found inside the record.
        for i in range where unsafe record[i] >= 0x80 { return false }
        return true
    }

    /// Steps through `record` as this layout says, giving `visit` each member's value text (a
    /// string's without quotes, and whether it was quoted): true when the record fits to its last
    /// byte and `visit` said true each time.
    @inline(__always)
    private func walk(_ record: UnsafeBufferPointer<UInt8>, _ visit: (_ member: Int, _ text: Range<Int>, _ quoted: Bool) -> Bool) -> Bool {
        guard let base = record.baseAddress, !bounds.isEmpty else { return false }
        let n = record.count
        // Safe: the shape's text and bounds are lent for the call (the text padded to eight bytes
        // or more, as `same` needs); the record is compared only through `same`, given the room
        // left in it, and read only at offsets below `n`.
        return unsafe text.withUnsafeBufferPointer { text -> Bool in
            unsafe bounds.withUnsafeBufferPointer { bounds -> Bool in
                let shape = text.baseAddress!
                var at = 0
                let values = bounds.count &- 2
                for member in 0...values {
                    // Offsets within the record and the layout: no sum or difference can overflow.
                    let run = unsafe bounds[member], count = unsafe bounds[member &+ 1] &- run
                    guard unsafe Self.same(base + at, shape + run, count: count, room: n &- at) else { return false }
                    at &+= count
                    if member == values { break }
                    guard at < n else { return false }
                    let start = at, first = unsafe base[at]
                    // Numbers first, the values most members hold; a value starting another way
                    // than these four is left to the scan.
                    if first &- 0x30 < 10 || first == 0x2D {
                        at = unsafe JSONMemberScan.numberEnd(base, from: at, n)
                    } else if first == 0x22 {
                        guard let end = unsafe JSONMemberScan.stringEnd(base, from: at &+ 1, n) else { return false }
                        at = end &+ 1
                        guard visit(member, (start &+ 1)..<end, true) else { return false }
                        continue
                    } else if let word = unsafe JSONMemberScan.literalLength(base, at: at, n) {
                        at &+= word
                    } else {
                        return false
                    }
                    guard visit(member, start..<at, false) else { return false }
                }
                while at < n, unsafe JSONMemberScan.isSpace(base[at]) { at += 1 }
                return at == n
            }
        }
    }

    /// Whether the `count` bytes at `record` (which has `room` bytes from there) are the
    /// `count` at `shape` (which has at least eight).
    @inline(__always)
    private static func same(_ record: UnsafePointer<UInt8>, _ shape: UnsafePointer<UInt8>, count: Int, room: Int) -> Bool {
        guard count <= room else { return false }
        // Safe: a word is loaded from the record only within `count <= room` bytes (the last word
        // overlaps the one before it), or where `room >= 8`; the shape has at least eight bytes and
        // `count` at each run.
        func word(_ p: UnsafePointer<UInt8>) -> UInt64 { unsafe UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) }
        if count > 16 {
            var k = 0
            while k &+ 8 < count {
                guard unsafe word(record + k) == word(shape + k) else { return false }
                k &+= 8
            }
            // The last word overlaps the one before it rather than reading past the run.
            return unsafe word(record + count - 8) == word(shape + count - 8)
        }
        if count >= 8 {
            return unsafe word(record) == word(shape) && word(record + count - 8) == word(shape + count - 8)
        }
        if room >= 8 {
            let mask: UInt64 = count == 0 ? 0 : ~0 >> (64 - 8 * UInt64(count))
            return unsafe (word(record) ^ word(shape)) & mask == 0
        }
        for i in 0..<count where unsafe record[i] != shape[i] { return false }
        return true
    }
}
