/// The text of each entry of a column chunk's dictionary, made once for the chunk and kept: a
/// save in an order of its own reads a chunk's pages once a batch, and each page names most of
/// the dictionary again, so making the entries text a page at a time made them text again and
/// again (a sort by a column of 5,000 values made some fifteen million texts for ten million rows).
struct ParquetEntryTexts: Sendable {
    /// Every entry's bytes, one after the other.
    let bytes: [UInt8]
    /// Where entry `k`'s bytes start; entry `k` ends where `k + 1` starts.
    let starts: [Int]

    /// The text of each entry of `dictionary`, as `kind` shows its values (a value with no
    /// text, none can be in a dictionary, as empty bytes).
    init(_ dictionary: ParquetValues, kind: ParquetValueKind) {
        var bytes: [UInt8] = []
        var starts = [0]
        starts.reserveCapacity(dictionary.count + 1)
        for entry in 0..<dictionary.count {
            // Safe: each text's bytes are lent for the append.
            if var text = kind.value(dictionary, at: entry).presentText { text.withUTF8 { unsafe bytes.append(contentsOf: $0) } }
            starts.append(bytes.count)
        }
        // Kept as long as the cache keeps them: the room their growth left (up to as much
        // again) is given back, and the cache counts what they hold.
        self.bytes = bytes.capacity > bytes.count + bytes.count / 8 ? Array(bytes[...]) : bytes
        self.starts = starts
    }

    /// The entries it holds.
    var count: Int { starts.count - 1 }

    /// The bytes it keeps, about.
    var memory: Int { bytes.capacity + starts.capacity * 8 }
}
