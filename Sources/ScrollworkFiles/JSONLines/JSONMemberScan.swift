#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds one member's value in a JSON object's bytes without reading the others into text: the
/// sort of a JSON Lines column scans each record to its key and takes that value alone. It
/// answers only where its answer is the one ``JSONObjectReader`` gives (the text of a string with
/// no escapes and only ASCII, a number, `true`, `false` or `null`, as written); anything else
/// (an escape, a nested value, a malformed record) is left to the reader.
enum JSONMemberScan {
    /// What a scan found.
    enum Found: Equatable {
        /// The value's text: these bytes of the record.
        case value(Range<Int>)
        /// The object has no such key.
        case absent
        /// Only ``JSONObjectReader`` can tell.
        case undecided
    }

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

    /// The value of the last member named `key` (as the reader keeps it) in `record`.
    static func value(of key: UnsafeBufferPointer<UInt8>, in record: UnsafeBufferPointer<UInt8>) -> Found {
        var at = 0
        let n = record.count
        // Most records hold no backslash: then every string ends at the next quote, found by a
        // plain loop (a library call a string cost more than the short keys it scanned).
        let plain = record.baseAddress.map { memchr($0, 0x5C, n) == nil } ?? true
        func skipSpace() {
            while at < n, record[at] == 0x20 || record[at] == 0x09 || record[at] == 0x0A || record[at] == 0x0D { at += 1 }
        }
        /// A quoted string from `at` (its opening quote): its contents and whether they hold an
        /// escape; nil when it does not end.
        func string() -> (Range<Int>, escaped: Bool)? {
            at += 1
            let start = at
            if plain, let base = record.baseAddress {
                // Eight bytes at a time: most keys and codes end within the first word, so the
                // loop's exit is predictable where a byte loop's was not.
                while at + 8 <= n {
                    let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) ^ 0x2222_2222_2222_2222
                    let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                    if zero != 0 {
                        at += zero.trailingZeroBitCount / 8
                        at += 1
                        return (start..<(at - 1), false)
                    }
                    at += 8
                }
                while at < n, record[at] != 0x22 { at += 1 }
                guard at < n else { return nil }
                at += 1
                return (start..<(at - 1), false)
            }
            // The closing quote by memchr, when no backslash comes before it (nearly always).
            if let base = record.baseAddress, at < n, let quote = memchr(base + at, 0x22, n - at) {
                let end = UnsafePointer<UInt8>(quote.assumingMemoryBound(to: UInt8.self)) - base
                if end == at || memchr(base + at, 0x5C, end - at) == nil {
                    at = end + 1
                    return (start..<end, false)
                }
            }
            var escaped = false
            while at < n {
                let b = record[at]
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
                switch record[at] {
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
        /// The length of `true`, `false` or `null` when one begins at `i`.
        func literal(at i: Int) -> Int? {
            func word(_ bytes: StaticString) -> Int? {
                let count = bytes.utf8CodeUnitCount
                guard i + count <= n, memcmp(record.baseAddress! + i, bytes.utf8Start, count) == 0 else { return nil }
                return count
            }
            switch record[i] {
            case 0x74: return word("true")
            case 0x66: return word("false")
            case 0x6E: return word("null")
            default: return nil
            }
        }
        skipSpace()
        guard at < n, record[at] == 0x7B else { return .undecided }
        at += 1
        var found = Found.absent
        skipSpace()
        if at < n, record[at] == 0x7D {
            at += 1
        } else {
            while true {
                skipSpace()
                guard at < n, record[at] == 0x22, let (name, escaped) = string(), !escaped else { return .undecided }
                let matches = name.count == key.count && (key.isEmpty || memcmp(record.baseAddress! + name.lowerBound, key.baseAddress!, key.count) == 0)
                skipSpace()
                guard at < n, record[at] == 0x3A else { return .undecided }
                at += 1
                skipSpace()
                guard at < n else { return .undecided }
                switch record[at] {
                case 0x22:
                    guard let (text, escaped) = string() else { return .undecided }
                    // Text beyond ASCII is left to the reader, which mends bad UTF-8 its own way.
                    if matches { found = !escaped && text.allSatisfy({ record[$0] < 0x80 }) ? .value(text) : .undecided }
                case 0x7B, 0x5B:
                    guard skipNested(), !matches else { return .undecided }
                default:
                    let start = at
                    if let word = literal(at: at) {
                        at += word
                    } else {
                        // A number's characters, as the reader takes them: digits eight at a
                        // time first (most numbers are integers), then any sign, point or exponent.
                        if let base = record.baseAddress {
                            if at < n, record[at] == 0x2D { at += 1 }
                            while at + 8 <= n {
                                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                                let other = Self.nonDigits(word)
                                if other != 0 {
                                    at += other.trailingZeroBitCount / 8
                                    break
                                }
                                at += 8
                            }
                        }
                        scan: while at < n {
                            switch record[at] {
                            case 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x65, 0x45: at += 1
                            default: break scan
                            }
                        }
                    }
                    guard at > start else { return .undecided }
                    if matches { found = .value(start..<at) }
                }
                skipSpace()
                guard at < n else { return .undecided }
                if record[at] == 0x2C { at += 1; continue }
                guard record[at] == 0x7D else { return .undecided }
                at += 1
                break
            }
        }
        // Only space may follow the object.
        skipSpace()
        return at == n ? found : .undecided
    }
}
