/// Bytes spelled as hex digits: how a table shows a value that is no text (a Parquet binary
/// column, an SQLite blob), every byte of it, so that a save writes the value whole.
package enum HexText {
    /// Lowercase hex of `bytes`, two digits a byte.
    package static func lowercase<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let digits: StaticString = "0123456789abcdef"
        // Safe: two characters a byte fill exactly the capacity asked; a digit's index is a nibble,
        // below 16.
        return unsafe String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            digits.withUTF8Buffer { digits in
                var at = 0
                for byte in bytes {
                    unsafe out[at] = unsafe digits[Int(byte >> 4)]
                    unsafe out[at + 1] = unsafe digits[Int(byte & 15)]
                    at += 2
                }
                return at
            }
        }
    }
}
