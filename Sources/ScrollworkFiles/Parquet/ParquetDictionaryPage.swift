/// A column chunk's dictionary page, where it is in the file: decoded whole for a pass over the
/// chunk, or only as far as a first screen's indices reach. A writer lists entries as they first
/// occur, so a screen of rows names only the first few of a dictionary of up to a megabyte (a
/// first screen of 19 columns decompressed and decoded 19 whole dictionaries: a fifth of its
/// instructions).
struct ParquetDictionaryPage: Sendable {
    /// The page's header: its entry count and sizes.
    let header: ParquetPageHeader
    /// Where its body is.
    let body: Range<UInt64>
    /// The chunk's compression codec, and the leaf's physical type and fixed length.
    let codec: Int, type: Int, width: Int

    /// The entries the dictionary says it holds.
    var entries: Int { header.valueCount }

    /// Every entry, decoded.
    ///
    /// - Throws: when the page cannot be read, decompressed or decoded.
    func whole(file: FileBytes) throws(ParquetMetadata.Failure) -> ParquetValues {
        var reader = ParquetBytes(try ParquetCodec.decompress(ArraySlice(try ParquetPageIndex.read(body, file: file)), codec: codec, size: header.uncompressedSize))
        return try ParquetValues.plain(&reader, type: type, count: header.valueCount, width: width)
    }

    /// The first `count` entries (all of them, when `count` is as many or more), decompressed
    /// only as far as they go where the codec can stop early: exactly for values of a fixed
    /// width; for texts, a share of the page read fourfold longer until they are all in it.
    ///
    /// - Throws: when the page cannot be read, decompressed or decoded as far as they go.
    func first(_ count: Int, file: FileBytes) throws(ParquetMetadata.Failure) -> ParquetValues {
        let count = Swift.max(0, count)
        let size = header.uncompressedSize
        guard count < header.valueCount, header.valueCount > 0 else { return try whole(file: file) }
        let compressed = ArraySlice(try ParquetPageIndex.read(body, file: file))
        func decoded(prefix: Int) throws(ParquetMetadata.Failure) -> ParquetValues {
            var reader = ParquetBytes(try ParquetCodec.decompress(compressed, codec: codec, size: size, prefix: prefix))
            return try ParquetValues.plain(&reader, type: type, count: count, width: width)
        }
        let fixed: Int? = switch type {
        case Physical.boolean: (count + 7) / 8
        case Physical.int32, Physical.float: count * 4
        case Physical.int64, Physical.double: count * 8
        case Physical.int96: count * 12
        case Physical.fixedLengthByteArray: width > 0 ? count.multipliedReportingOverflow(by: width).partialValue : nil
        default: nil
        }
        if let fixed, fixed >= 0 { return try decoded(prefix: Swift.min(size, fixed)) }
        // Texts: their share of the page, twice over, then four times more until they fit; past
        // the page's size the whole page, where a damaged one says what is wrong.
        var prefix = Int((Double(size) * Double(count) / Double(header.valueCount) * 2).rounded(.up)) + 256
        while prefix < size {
            do { return try decoded(prefix: prefix) } catch { prefix = prefix.multipliedReportingOverflow(by: 4).partialValue }
        }
        return try decoded(prefix: .max)
    }
}

private typealias Physical = ParquetCode.Physical
