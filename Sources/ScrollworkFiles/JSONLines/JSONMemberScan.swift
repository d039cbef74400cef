#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds one member's value in a JSON object's bytes without reading the others into text: the
/// sort of a JSON Lines column scans each record to its key and takes that value alone. It
/// answers only where its answer is the one ``JSONObjectReader`` gives (the text of a string with
/// no escapes and only ASCII, a number, `true` or `false` as written, no value for `null`); anything else
/// (an escape, a nested value, a malformed record) is left to the reader.
enum JSONMemberScan {
    /// What a scan found.
    enum Found: Equatable {
        /// The value's text: these bytes of the record.
        case value(Range<Int>)
        /// The object has no such key, or its value is `null`: no value.
        case absent
        /// Only ``JSONObjectReader`` can tell.
        case undecided
    }

    /// Where a scan found each member's value, kept when asked for: what ``JSONRecordShape``
    /// learns a file's layout from.
    struct Layout {
        /// Each member's value, in order.
        var values: [Range<Int>] = []
        /// Each member's name, in order (without its quotes).
        var names: [Range<Int>] = []
        /// The offset just past the object's closing brace.
        var end = 0
        /// The last member named as the key, or -1.
        var keyMember = -1
        /// Whether every value was a string, number or literal (no nested value, no escape).
        var flat = true

        /// Forgets the last record's layout, keeping the storage.
        mutating func reset() {
            values.removeAll(keepingCapacity: true)
            names.removeAll(keepingCapacity: true)
            end = 0
            keyMember = -1
            flat = true
        }
    }

    /// Whether `byte` is JSON white space.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The high bit of each byte of `word` that is not an ASCII digit, the rest clear: the
    /// lowest set bit marks the first such byte (bytes in memory order, little-endian).
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let seven = word & low
        // Per byte, with no carry between bytes: at least 0x30, and at least 0x3A.
        let atLeastZero = ((seven | high) &- 0x3030_3030_3030_3030) & high
        let pastNine = (seven &+ 0x4646_4646_4646_4646) & high
        return (~atLeastZero | pastNine | word) & high
    }

    /// The offset of the quote that ends a string whose contents begin at `at` in
    /// `base[0..<n]`, or nil when a backslash comes first (an escape, which only the byte loop
    /// reads) or no quote does.
    @inline(__always)
    // Safe: `base` has `n` bytes (every caller's record); a word is loaded only while `at + 8 <=
    // n`, a byte only while `at < n`, and a marked byte lies inside the word just loaded.
    static func stringEnd(_ base: UnsafePointer<UInt8>, from at: Int, _ n: Int) -> Int? {
        var at = at
        // Eight bytes at a time: most keys and codes end within the first word, so the loop's
        // exit is predictable where a byte loop's was not (and a library call cost more than
        // the short strings it scanned). The lowest byte the zero test marks is exact.
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        while at &+ 8 <= n {
            let word = unsafe UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
            let quote = word ^ 0x2222_2222_2222_2222, backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let zero = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & high
            if zero != 0 {
                let end = at &+ zero.trailingZeroBitCount / 8
                return unsafe base[end] == 0x22 ? end : nil
            }
            at &+= 8
        }
        while at < n {
            if unsafe base[at] == 0x22 { return at }
            if unsafe base[at] == 0x5C { return nil }
            at &+= 1
        }
        return nil
    }

    /// The offset past a number's characters from `at`, as the reader takes them: digits eight
    /// at a time first (most numbers are integers), then any sign, point or exponent.
    @inline(__always)
    // Safe: as `stringEnd`: words while `at + 8 <= n`, bytes while `at < n`.
    static func numberEnd(_ base: UnsafePointer<UInt8>, from at: Int, _ n: Int) -> Int {
        // Offsets within a record: no sum can overflow.
        var at = at
        if at < n, unsafe base[at] == 0x2D { at &+= 1 }
        while at &+ 8 <= n {
            let other = unsafe nonDigits(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            if other != 0 {
                at &+= other.trailingZeroBitCount &>> 3
                break
            }
            at &+= 8
        }
        while at < n {
            switch unsafe base[at] {
            case 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x65, 0x45: at &+= 1
            default: return at
            }
        }
        return at
    }

    /// Whether an unquoted value (a literal or a number, read whole) that starts with `byte` is
    /// `null`, which is no value: no other starts with `n`.
    @inline(__always)
    static func isNull(startingWith byte: UInt8) -> Bool { byte == 0x6E }

    /// The length of `true`, `false` or `null` when one begins at `at`.
    @inline(__always)
    // Safe where the caller gives `at < n` (both do): the word is compared only when it fits before
    // `n`.
    static func literalLength(_ base: UnsafePointer<UInt8>, at: Int, _ n: Int) -> Int? {
        func word(_ bytes: StaticString) -> Int? {
            let count = bytes.utf8CodeUnitCount
            guard at + count <= n, unsafe memcmp(base + at, bytes.utf8Start, count) == 0 else { return nil }
            return count
        }
        switch unsafe base[at] {
        case 0x74: return word("true")
        case 0x66: return word("false")
        case 0x6E: return word("null")
        default: return nil
        }
    }

    /// The value of the last member named `key` (as the reader keeps it) in `record`.
    static func value(of key: UnsafeBufferPointer<UInt8>, in record: UnsafeBufferPointer<UInt8>) -> Found {
        var layout = Layout()
        // Safe: the record and key are lent for the call; below, every read of `base` is at an `at`
        // checked against `n`, the record's count, and `memchr` and `memcmp` are given counts that
        // end inside it.
        return unsafe value(of: key, in: record, plain: record.baseAddress.map { unsafe memchr($0, 0x5C, record.count) == nil } ?? true, layout: &layout, recording: false)
    }

    /// The value of the last member named `key` in `record`, which holds no backslash when
    /// `plain`; where each value lies is kept in `layout` (reset first) when `recording`.
    static func value(of key: UnsafeBufferPointer<UInt8>, in record: UnsafeBufferPointer<UInt8>, plain: Bool, layout: inout Layout, recording: Bool) -> Found {
        if recording { layout.reset() }
        guard let base = record.baseAddress else { return .undecided }
        var at = 0
        let n = record.count
        func skipSpace() {
            while at < n, unsafe isSpace(base[at]) { at += 1 }
        }
        /// A quoted string from `at` (its opening quote): its contents and whether they hold an
        /// escape; nil when it does not end.
        func string() -> (Range<Int>, escaped: Bool)? {
            at += 1
            let start = at
            if plain {
                guard let end = unsafe stringEnd(base, from: at, n) else { return nil }
                at = end + 1
                return (start..<end, false)
            }
            // The closing quote by memchr, when no backslash comes before it (nearly always).
            if at < n, let quote = unsafe memchr(base + at, 0x22, n - at) {
                let end = unsafe UnsafePointer<UInt8>(quote.assumingMemoryBound(to: UInt8.self)) - base
                if unsafe end == at || memchr(base + at, 0x5C, end - at) == nil {
                    at = end + 1
                    return (start..<end, false)
                }
            }
            var escaped = false
            while at < n {
                let b = unsafe base[at]
                if b == 0x22 {
                    at += 1
                    return (start..<(at - 1), escaped)
                }
                if b == 0x5C { escaped = true; at += 2; continue }
                at += 1
            }
            return nil
        }
        /// Steps over a nested array or object from `at` (its opening bracket); false when it
        /// does not close.
        func skipNested() -> Bool {
            var depth = 0
            while at < n {
                switch unsafe base[at] {
                case 0x7B, 0x5B: depth += 1; at += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    at += 1
                    if depth == 0 { return true }
                case 0x22: guard string() != nil else { return false }
                default: at += 1
                }
            }
            return false
        }
        skipSpace()
        guard at < n, unsafe base[at] == 0x7B else { return .undecided }
        at += 1
        var found = Found.absent
        var member = 0
        skipSpace()
        if at < n, unsafe base[at] == 0x7D {
            at += 1
        } else {
            while true {
                skipSpace()
                guard at < n, unsafe base[at] == 0x22, let (name, escaped) = string(), !escaped else { return .undecided }
                let matches = unsafe name.count == key.count && (key.isEmpty || memcmp(base + name.lowerBound, key.baseAddress!, key.count) == 0)
                skipSpace()
                guard at < n, unsafe base[at] == 0x3A else { return .undecided }
                at += 1
                skipSpace()
                guard at < n else { return .undecided }
                let start = at
                switch unsafe base[at] {
                case 0x22:
                    guard let (text, escaped) = string() else { return .undecided }
                    // Text beyond ASCII is left to the reader, which mends bad UTF-8 its own way.
                    if matches { found = !escaped && text.allSatisfy({ unsafe base[$0] < 0x80 }) ? .value(text) : .undecided }
                    if escaped { layout.flat = false }
                case 0x7B, 0x5B:
                    guard skipNested(), !matches else { return .undecided }
                    layout.flat = false
                default:
                    if let word = unsafe literalLength(base, at: at, n) {
                        at += word
                    } else {
                        at = unsafe numberEnd(base, from: at, n)
                    }
                    guard at > start else { return .undecided }
                    if matches { found = unsafe isNull(startingWith: base[start]) ? .absent : .value(start..<at) }
                }
                if recording {
                    layout.values.append(start..<at)
                    layout.names.append(name)
                    if matches { layout.keyMember = member }
                }
                member += 1
                skipSpace()
                guard at < n else { return .undecided }
                if unsafe base[at] == 0x2C { at += 1; continue }
                guard unsafe base[at] == 0x7D else { return .undecided }
                at += 1
                break
            }
        }
        layout.end = at
        // Only space may follow the object.
        skipSpace()
        return at == n ? found : .undecided
    }
}
