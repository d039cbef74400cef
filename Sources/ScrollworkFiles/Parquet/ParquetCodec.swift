/// Decompresses a Parquet page's bytes whole, by its column chunk's codec: Snappy and LZ4 by
/// our own decoders, gzip, zstd and Brotli by Debian's libraries, loaded when first needed.
enum ParquetCodec {
    /// The most bytes a page may hold once decompressed (writers make pages of about 1 MB).
    static let pageLimit = 1 << 30

    /// `bytes` decompressed by codec `codec` into `size` bytes.
    static func decompress(_ bytes: ArraySlice<UInt8>, codec: Int, size: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        // No codec makes more than some thousands of times its input (deflate at most 1,032
        // times): a header saying more is damaged, and is not given the memory it asks for.
        guard size >= 0, size <= pageLimit, size <= bytes.count.addingSaturating(1 << 16).multipliedReportingOverflow(by: 1 << 12).partialValue else {
            throw ParquetBytes.failure("a page of \(bytes.count) bytes says it holds \(size)")
        }
        switch codec {
        case 0: return Array(bytes)
        case 1: return try snappy(bytes, size: size)
        case 2: return try streamed(bytes, .gzip, size: size, name: "gzip")
        case 4: return try brotli(bytes, size: size)
        case 5: return try hadoopLZ4(bytes, size: size)
        case 6: return try streamed(bytes, .zstd, size: size, name: "zstd")
        case 7: return try lz4Block(bytes, size: size)
        case 3: throw ParquetBytes.failure("LZO-compressed pages are not read (few writers make them; rewrite the file with Snappy or zstd)")
        default: throw ParquetBytes.failure("the compression codec \(codec) is not one Parquet defines")
        }
    }

    /// Through a system library's streaming decompressor, until `size` bytes have come.
    private static func streamed(_ bytes: ArraySlice<UInt8>, _ format: CompressionFormat, size: Int, name: String) throws(ParquetMetadata.Failure) -> [UInt8] {
        guard let decompressor = format.makeDecompressor() else {
            throw ParquetBytes.failure("\(name) is not on this machine: install lib\(name == "gzip" ? "z1" : "zstd1") (e.g. sudo apt-get install lib\(name == "gzip" ? "z1" : "zstd1"))")
        }
        var output = [UInt8](repeating: 0, count: size)
        var consumed = 0, produced = 0
        let input = Array(bytes)
        while produced < size {
            let step = input.withUnsafeBytes { inBytes in
                output.withUnsafeMutableBytes { outBytes in
                    decompressor.step(UnsafeRawBufferPointer(rebasing: inBytes[consumed...]), into: UnsafeMutableRawBufferPointer(rebasing: outBytes[produced...]))
                }
            }
            switch step {
            case let .progress(c, p), let .memberEnded(c, p):
                if c == 0 && p == 0 { throw ParquetBytes.failure("a \(name) page ends after \(produced) of its \(size) bytes") }
                consumed += c
                produced += p
                if case .memberEnded = step, produced < size, consumed >= input.count { throw ParquetBytes.failure("a \(name) page ends after \(produced) of its \(size) bytes") }
            case let .damaged(message, _): throw ParquetBytes.failure("a \(name) page is damaged: \(message)")
            }
        }
        return output
    }

    /// Google's Snappy block format: the length, then literals and copies.
    static func snappy(_ bytes: ArraySlice<UInt8>, size: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        var reader = ParquetBytes(Array(bytes))
        let length = try reader.varint()
        guard length == UInt64(size) else { throw ParquetBytes.failure("a Snappy page says \(length) bytes where its header says \(size)") }
        var output = Output(size: size)
        while reader.remaining > 0 {
            let tag = try reader.byte()
            switch tag & 3 {
            case 0:
                var literal = Int(tag >> 2)
                if literal >= 60 { literal = Int(try reader.littleEndian(literal - 59)) }
                try output.literal(reader.bytes, try reader.take(literal + 1))
            case 1:
                let count = Int((tag >> 2) & 7) + 4
                let offset = Int(tag >> 5) << 8 | Int(try reader.byte())
                try output.copy(offset: offset, count: count)
            case 2:
                try output.copy(offset: Int(try reader.littleEndian(2)), count: Int(tag >> 2) + 1)
            default:
                try output.copy(offset: Int(try reader.littleEndian(4)), count: Int(tag >> 2) + 1)
            }
        }
        return try output.whole("Snappy")
    }

    /// A page's bytes being made, as large as its header says from the start: literals and
    /// copies written in place, never past its end.
    struct Output {
        private(set) var bytes: [UInt8]
        private(set) var count = 0

        init(size: Int) { bytes = [UInt8](repeating: 0, count: size) }

        mutating func literal(_ source: [UInt8], _ range: Range<Int>) throws(ParquetMetadata.Failure) {
            guard range.count <= bytes.count - count else { throw ParquetBytes.failure("a page makes more than its \(bytes.count) bytes") }
            bytes.replaceSubrange(count..<count + range.count, with: source[range])
            count += range.count
        }

        /// `length` bytes copied from `offset` bytes back (an overlapping copy repeats them).
        mutating func copy(offset: Int, count length: Int) throws(ParquetMetadata.Failure) {
            guard offset > 0, offset <= count else { throw ParquetBytes.failure("a copy from \(offset) bytes back, before the page's start") }
            guard length <= bytes.count - count else { throw ParquetBytes.failure("a page makes more than its \(bytes.count) bytes") }
            let from = count - offset
            for k in 0..<length { bytes[count + k] = bytes[from + k] }
            count += length
        }

        /// The bytes, once all were made.
        func whole(_ codec: String) throws(ParquetMetadata.Failure) -> [UInt8] {
            guard count == bytes.count else { throw ParquetBytes.failure("a \(codec) page makes \(count) of its \(bytes.count) bytes") }
            return bytes
        }
    }

    /// LZ4's block format (LZ4_RAW): sequences of literals and matches.
    static func lz4Block(_ bytes: ArraySlice<UInt8>, size: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        var reader = ParquetBytes(Array(bytes))
        var output = Output(size: size)
        while reader.remaining > 0 {
            let token = try reader.byte()
            var literals = Int(token >> 4)
            if literals == 15 { literals += try lz4Length(&reader) }
            try output.literal(reader.bytes, try reader.take(literals))
            // The last sequence has literals only.
            if reader.remaining == 0 { break }
            let offset = Int(try reader.littleEndian(2))
            var match = Int(token & 15)
            if match == 15 { match += try lz4Length(&reader) }
            try output.copy(offset: offset, count: match + 4)
        }
        return try output.whole("LZ4")
    }

    private static func lz4Length(_ reader: inout ParquetBytes) throws(ParquetMetadata.Failure) -> Int {
        var total = 0
        while true {
            let b = try reader.byte()
            total += Int(b)
            guard total <= 1 << 31 else { throw ParquetBytes.failure("an LZ4 length past 2 GB") }
            if b != 255 { return total }
        }
    }

    /// The deprecated LZ4 codec: Hadoop's frames (big-endian sizes before each block), or, as
    /// some writers made it, a bare block.
    private static func hadoopLZ4(_ bytes: ArraySlice<UInt8>, size: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        var output: [UInt8] = []
        var at = bytes.startIndex
        while bytes.endIndex - at >= 8 {
            func bigEndian(_ i: Int) -> Int { bytes[i...].prefix(4).reduce(0) { $0 << 8 | Int($1) } }
            let plain = bigEndian(at), packed = bigEndian(at + 4)
            guard packed <= bytes.endIndex - at - 8, plain <= size - output.count else { return try lz4Block(bytes, size: size) }
            let block = bytes[(at + 8)..<(at + 8 + packed)]
            do { output += try lz4Block(block, size: plain) } catch { return try lz4Block(bytes, size: size) }
            at += 8 + packed
        }
        return output.count == size ? output : try lz4Block(bytes, size: size)
    }

    /// Brotli, through Debian's libbrotlidec.
    private static func brotli(_ bytes: ArraySlice<UInt8>, size: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        guard let library = BrotliLibrary.shared else {
            throw ParquetBytes.failure("Brotli is not on this machine: install libbrotli1 (e.g. sudo apt-get install libbrotli1)")
        }
        var output = [UInt8](repeating: 0, count: Swift.max(1, size))
        var produced = size
        let input = Array(bytes)
        let result = input.withUnsafeBufferPointer { inBytes in
            output.withUnsafeMutableBufferPointer { outBytes in library.decompress(inBytes.count, inBytes.baseAddress, &produced, outBytes.baseAddress) }
        }
        guard result == 1, produced == size else { throw ParquetBytes.failure("a Brotli page is damaged (\(produced) of its \(size) bytes)") }
        return Array(output.prefix(size))
    }
}

/// libbrotlidec's one-call decoder, loaded when a Brotli page is first read.
struct BrotliLibrary: @unchecked Sendable {
    typealias Decompress = @convention(c) (Int, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt8>?) -> Int32
    let decompress: Decompress

    /// The library, loaded once; nil when the system has none.
    static let shared: BrotliLibrary? = BrotliLibrary()

    private init?() {
        guard let f = loadFunctions(from: ["libbrotlidec.so.1", "libbrotlidec.so", "libbrotlidec.1.dylib", "libbrotlidec.dylib"], ["BrotliDecoderDecompress"]) else { return nil }
        decompress = unsafeBitCast(f[0], to: Decompress.self)
    }
}
