/// The numbers parquet.thrift gives its enumerations, named, so that a test of one says which it
/// means. They stay numbers where the reader keeps them: a file may hold one a later format adds,
/// which the reader names in its message rather than failing to decode the footer.
enum ParquetCode {
    /// `Type`: how a column's values are stored.
    enum Physical {
        static let boolean = 0
        static let int32 = 1
        static let int64 = 2
        /// Spark's timestamps: nanoseconds of the day, then the Julian day.
        static let int96 = 3
        static let float = 4
        static let double = 5
        static let byteArray = 6
        static let fixedLengthByteArray = 7
    }

    /// `FieldRepetitionType`: whether a field is there once, perhaps, or any number of times.
    enum Repetition {
        static let required = 0
        static let optional = 1
        static let repeated = 2
    }

    /// `Encoding`: how a page's values (or levels) are laid out.
    enum Encoding {
        static let plain = 0
        /// The dictionary's indices, as Parquet 1.0 named them.
        static let plainDictionary = 2
        /// The RLE/bit-packed hybrid: levels, and booleans in v2 pages.
        static let rle = 3
        static let bitPacked = 4
        static let deltaBinaryPacked = 5
        static let deltaLengthByteArray = 6
        static let deltaByteArray = 7
        static let rleDictionary = 8
        static let byteStreamSplit = 9
    }

    /// `CompressionCodec`: how a page's bytes are compressed.
    enum Codec {
        static let uncompressed = 0
        static let snappy = 1
        static let gzip = 2
        static let lzo = 3
        static let brotli = 4
        /// LZ4 in Hadoop's frames (deprecated by the format, still written by old writers).
        static let hadoopLZ4 = 5
        static let zstd = 6
        /// LZ4 blocks without a frame.
        static let lz4Raw = 7
    }

    /// `PageType`.
    enum Page {
        static let data = 0
        static let index = 1
        static let dictionary = 2
        static let dataV2 = 3
    }

    /// `LogicalType`'s union: the field that says which logical type a column has (a field id).
    enum Logical {
        static let string: Int16 = 1
        static let map: Int16 = 2
        static let list: Int16 = 3
        static let enumeration: Int16 = 4
        static let decimal: Int16 = 5
        static let date: Int16 = 6
        static let time: Int16 = 7
        static let timestamp: Int16 = 8
        static let integer: Int16 = 10
        static let unknown: Int16 = 11
        static let json: Int16 = 12
        static let bson: Int16 = 13
        static let uuid: Int16 = 14
        static let float16: Int16 = 15
    }

    /// `ConvertedType`: the logical types of older writers.
    enum Converted {
        static let utf8 = 0
        static let map = 1
        static let mapKeyValue = 2
        static let list = 3
        static let enumeration = 4
        static let decimal = 5
        static let date = 6
        static let timeMillis = 7
        static let timeMicros = 8
        static let timestampMillis = 9
        static let timestampMicros = 10
        static let uint8 = 11
        static let uint16 = 12
        static let uint32 = 13
        static let uint64 = 14
        static let int8 = 15
        static let int16 = 16
        static let int32 = 17
        static let int64 = 18
        static let json = 19
        static let bson = 20
        static let interval = 21
    }
}
