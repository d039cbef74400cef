// Numbers of a fixed width read a page at a time: the page's bytes checked once for all of them,
// each value loaded whole, where a byte at a time through a checked read cost some forty
// instructions a value (a first screen reads every entry of each column's dictionary page).
extension ParquetBytes {
    /// `count` little-endian values of `T`'s width, one after another, moved past.
    ///
    /// - Throws: ``ParquetMetadata/Failure`` when fewer bytes are left than `count` values need.
    mutating func littleEndianValues<T: FixedWidthInteger>(_ count: Int, as type: T.Type) throws(ParquetMetadata.Failure) -> [T] {
        let size = MemoryLayout<T>.size
        let range = try take(try Self.product(count, size))
        return unsafe [T](unsafeUninitializedCapacity: count) { values, made in
            unsafe bytes.withUnsafeBytes { raw in
                // Safe: `take` checked that `range` lies inside `bytes`, and it holds `count` values
                // of `size` bytes: every load reads inside it; `values` has room for `count`.
                for k in 0..<count {
                    unsafe values.initializeElement(at: k, to: T(littleEndian: raw.loadUnaligned(fromByteOffset: range.lowerBound + k * size, as: T.self)))
                }
            }
            made = count
        }
    }
}
