#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One key's value read from record after record of a JSON Lines file, as a sort or a filter
/// reads a column: each record is first checked against the layout the records before it had
/// (``JSONRecordShape``), and scanned whole (``JSONMemberScan``) only where it does not fit,
/// which also learns the layout of the records that follow.
struct JSONColumnScan {
    /// The key's bytes.
    private let key: [UInt8]
    /// The layout learned so far.
    private(set) var shape = JSONRecordShape()
    /// How many times a layout was learned: a reader of every value maps it to columns again
    /// when this changes.
    private(set) var learned = 0
    private var layout = JSONMemberScan.Layout()
    /// Records in a row that did not fit the layout.
    private var misses = 0

    /// A scan for the member named `key` (its UTF-8 bytes); empty for a reader of every value.
    init(key: [UInt8]) {
        self.key = key
    }

    /// The key's value in `record`, as ``JSONMemberScan/value(of:in:)`` answers.
    mutating func value(in record: UnsafeBufferPointer<UInt8>) -> JSONMemberScan.Found {
        // Safe: the record's bytes are lent for the call; the shape and the member scan read them
        // inside their count (below and in their own files).
        if let found = unsafe shape.value(in: record) {
            fitted()
            return found
        }
        return unsafe missed(record)
    }

    /// Notes that a record fitted ``shape``.
    mutating func fitted() { misses = 0 }

    /// Scans `record`, which did not fit ``shape``, whole, and learns its layout when due.
    mutating func missed(_ record: UnsafeBufferPointer<UInt8>) -> JSONMemberScan.Found {
        guard let base = record.baseAddress else { return .undecided }
        // Records with a backslash have strings that a quote may not end: the scan reads those
        // a byte at a time.
        // Safe: `memchr` is given the record's own count; the key is lent for the call.
        let plain = unsafe memchr(base, 0x5C, record.count) == nil
        misses += 1
        let learning = plain && JSONRecordShape.learns(afterMisses: misses)
        let found = unsafe key.withUnsafeBufferPointer { key in
            unsafe JSONMemberScan.value(of: key, in: record, plain: plain, layout: &layout, recording: learning)
        }
        if learning {
            unsafe shape.learn(record, layout: found == .undecided ? JSONMemberScan.Layout(flat: false) : layout)
            learned += 1
        }
        return found
    }
}
