/// Decompresses a Parquet page's bytes by its column chunk's codec: Snappy and LZ4 by our own
/// decoders, gzip, zstd and Brotli by Debian's libraries, loaded when first needed. A reader
/// of a page's first values may ask for its first bytes alone (`prefix`): Snappy, LZ4, gzip and
/// zstd stop soon after them; Brotli and Hadoop's LZ4 make the page whole.
enum ParquetCodec {
    /// The most bytes a page may hold once decompressed (writers make pages of about 1 MB).
    static let pageLimit = 1 << 30

    /// `bytes` decompressed by codec `codec` into `size` bytes: all of them, or with `prefix`
    /// (clamped to 0...`size`) at least that many of the first, and all where the codec cannot
    /// stop early.
    static func decompress(_ bytes: ArraySlice<UInt8>, codec: Int, size: Int, prefix: Int = .max) throws(ParquetMetadata.Failure) -> [UInt8] {
        // No codec makes more than some thousands of times its input (deflate at most 1,032
        // times): a header saying more is damaged, and is not given the memory it asks for.
        guard size >= 0, size <= pageLimit, size <= bytes.count.addingSaturating(1 << 16).multipliedReportingOverflow(by: 1 << 12).partialValue else {
            throw ParquetBytes.failure("a page of \(bytes.count) bytes says it holds \(size)")
        }
        switch codec {
        case Codec.uncompressed: return Array(bytes)
        case Codec.snappy: return try snappy(bytes, size: size, prefix: prefix)
        case Codec.gzip: return try streamed(bytes, .gzip, size: size, prefix: prefix, name: "gzip")
        case Codec.brotli: return try brotli(bytes, size: size)
        case Codec.hadoopLZ4: return try hadoopLZ4(bytes, size: size)
        case Codec.zstd: return try streamed(bytes, .zstd, size: size, prefix: prefix, name: "zstd")
        case Codec.lz4Raw: return try lz4Block(bytes, size: size, prefix: prefix)
        case Codec.lzo: throw ParquetBytes.failure("LZO-compressed pages are not read (few writers make them; rewrite the file with Snappy or zstd)")
        default: throw ParquetBytes.failure("the compression codec \(codec) is not one Parquet defines")
        }
    }

    /// Through a system library's streaming decompressor, until `size` bytes (or `prefix`) have come.
    private static func streamed(_ bytes: ArraySlice<UInt8>, _ format: CompressionFormat, size: Int, prefix: Int, name: String) throws(ParquetMetadata.Failure) -> [UInt8] {
        guard let decompressor = format.makeDecompressor() else {
            throw ParquetBytes.failure("\(name) is not on this machine: install lib\(name == "gzip" ? "z1" : "zstd1") (e.g. sudo apt-get install lib\(name == "gzip" ? "z1" : "zstd1"))")
        }
        var output = [UInt8](repeating: 0, count: size)
        var consumed = 0, produced = 0
        let input = Array(bytes)
        let wanted = Swift.min(size, Swift.max(0, prefix))
        while produced < wanted {
            // Safe: both arrays are lent for the call; `consumed` is at most the input's count (a
            // step consumes no more than it is given) and `produced..<wanted` lies inside the
            // output (`wanted <= size`).
            let step = unsafe input.withUnsafeBytes { inBytes in
                unsafe output.withUnsafeMutableBytes { outBytes in
                    unsafe decompressor.step(UnsafeRawBufferPointer(rebasing: inBytes[consumed...]), into: UnsafeMutableRawBufferPointer(rebasing: outBytes[produced..<wanted]))
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
        if produced < size { output.removeLast(size - produced) }
        return output
    }

    /// Google's Snappy block format: the length, then literals and copies (until `prefix`
    /// bytes are made, where that is fewer).
    static func snappy(_ bytes: ArraySlice<UInt8>, size: Int, prefix: Int = .max) throws(ParquetMetadata.Failure) -> [UInt8] {
        guard size >= 0 else { throw ParquetBytes.failure("a Snappy page said to hold \(size) bytes") }
        // The length is a varint of at most ten bytes; the block is read where it lies.
        var reader = ParquetBytes(Array(bytes.prefix(10)))
        let length = try reader.varint()
        guard length == UInt64(size) else { throw ParquetBytes.failure("a Snappy page says \(length) bytes where its header says \(size)") }
        let wanted = Swift.min(size, Swift.max(0, prefix)), start = reader.offset
        var made = SnappyBlock.Made.success(0)
        // Safe: the slice's bytes are lent for the call, and the new array's first `size` bytes
        // are written by `SnappyBlock.decode`, which checks every literal and copy against both
        // counts and reads back only bytes it made: only those count as the array's.
        let output = unsafe [UInt8](unsafeUninitializedCapacity: size) { out, initialized in
            made = unsafe bytes.withUnsafeBufferPointer { input in unsafe SnappyBlock.decode(input, from: start, into: out, stoppingAt: wanted) }
            if case let .success(count) = made { initialized = count } else { initialized = 0 }
        }
        switch made {
        case let .failure(message): throw ParquetBytes.failure(message)
        case let .success(count):
            guard count == size || count >= wanted else { throw ParquetBytes.failure("a Snappy page makes \(count) of its \(size) bytes") }
            return output
        }
    }

    /// The first `count` bytes of a page once decompressed (fewer where it makes fewer): read
    /// from a Snappy block's first literal where that holds them, and from the bytes
    /// themselves where they are not compressed, with nothing else made.
    static func firstBytes(_ bytes: ArraySlice<UInt8>, codec: Int, size: Int, count: Int) throws(ParquetMetadata.Failure) -> [UInt8] {
        let count = Swift.max(0, count)
        if codec == Codec.uncompressed { return Array(bytes.prefix(count)) }
        if codec == Codec.snappy, let first = leadingLiteral(bytes, size: size, count: count) { return first }
        return Array(try decompress(bytes, codec: codec, size: size, prefix: count).prefix(count))
    }

    /// The first `count` bytes a Snappy block of `size` bytes makes, where its first literal
    /// (a block starts with one: a copy has nothing before it) holds them; nil where it does not,
    /// or the block is not what it should be (it is then decompressed, which says what is wrong).
    private static func leadingLiteral(_ bytes: ArraySlice<UInt8>, size: Int, count: Int) -> [UInt8]? {
        var at = bytes.startIndex, length: UInt64 = 0, shift: UInt64 = 0
        // The block's length, a varint.
        while true {
            guard at < bytes.endIndex, shift < 64 else { return nil }
            let b = bytes[at]
            at += 1
            length |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { break }
            shift += 7
        }
        guard length == UInt64(size), at < bytes.endIndex, bytes[at] & 3 == 0 else { return nil }
        var literal = Int(bytes[at] >> 2) + 1
        at += 1
        if literal > 60 {
            // The length in the next one to four bytes, less one.
            let width = literal - 60
            guard bytes.endIndex - at >= width else { return nil }
            literal = 0
            for k in (0..<width).reversed() { literal = literal << 8 | Int(bytes[at + k]) }
            at += width
            literal += 1
        }
        let wanted = Swift.min(count, size)
        guard literal >= wanted, bytes.endIndex - at >= wanted else { return nil }
        return Array(bytes[at..<at + wanted])
    }

    /// An LZ4 page's bytes being made, as large as its header says from the start: literals
    /// and copies written in place, never past its end.
    struct Output {
        private(set) var bytes: [UInt8]
        private(set) var count = 0

        init(size: Int) { bytes = [UInt8](repeating: 0, count: size) }

        mutating func literal(_ source: [UInt8], _ range: Range<Int>) throws(ParquetMetadata.Failure) {
            guard range.count <= bytes.count - count, range.lowerBound >= 0, range.upperBound <= source.count else {
                throw ParquetBytes.failure("a page makes more than its \(bytes.count) bytes")
            }
            let at = count
            // Safe: the guard above keeps both ranges inside their arrays.
            unsafe bytes.withUnsafeMutableBufferPointer { out in
                unsafe source.withUnsafeBufferPointer { from in
                    guard let target = out.baseAddress, let origin = from.baseAddress else { return }
                    unsafe (target + at).update(from: origin + range.lowerBound, count: range.count)
                }
            }
            count += range.count
        }

        /// `length` bytes copied from `offset` bytes back (an overlapping copy repeats them).
        mutating func copy(offset: Int, count length: Int) throws(ParquetMetadata.Failure) {
            guard offset > 0, offset <= count else { throw ParquetBytes.failure("a copy from \(offset) bytes back, before the page's start") }
            guard length >= 0, length <= bytes.count - count else { throw ParquetBytes.failure("a page makes more than its \(bytes.count) bytes") }
            let at = count
            // Safe: the guards above keep the source (from `at - offset`) and the target (to
            // `at + length`) inside the bytes made so far and the page.
            unsafe bytes.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                unsafe SnappyBlock.copy(in: base, at: at, offset: offset, length: length)
            }
            count += length
        }

        /// The bytes, once all were made, or once `prefix` of them were (those made alone).
        func made(_ codec: String, prefix: Int = .max) throws(ParquetMetadata.Failure) -> [UInt8] {
            guard count == bytes.count || count >= prefix else { throw ParquetBytes.failure("a \(codec) page makes \(count) of its \(bytes.count) bytes") }
            return count == bytes.count ? bytes : Array(bytes[..<count])
        }
    }

    /// LZ4's block format (LZ4_RAW): sequences of literals and matches.
    static func lz4Block(_ bytes: ArraySlice<UInt8>, size: Int, prefix: Int = .max) throws(ParquetMetadata.Failure) -> [UInt8] {
        var reader = ParquetBytes(Array(bytes))
        var output = Output(size: size)
        while reader.remaining > 0, output.count < prefix {
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
        return try output.made("LZ4", prefix: prefix)
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
        // Safe: the library is told the input's count and the output's room (`produced`, at most
        // the output's count) and writes no more.
        let result = unsafe input.withUnsafeBufferPointer { inBytes in
            unsafe output.withUnsafeMutableBufferPointer { outBytes in unsafe library.decompress(inBytes.count, inBytes.baseAddress, &produced, outBytes.baseAddress) }
        }
        guard result == 1, produced == size else { throw ParquetBytes.failure("a Brotli page is damaged (\(produced) of its \(size) bytes)") }
        return Array(output.prefix(size))
    }
}

/// libbrotlidec's one-call decoder, loaded when a Brotli page is first read.
@safe struct BrotliLibrary: @unchecked Sendable {
    // Safe to hold: function pointers into a library that stays loaded for the program's life;
    // each call through one is marked `unsafe` where it is made.
    typealias Decompress = @convention(c) (Int, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt8>?) -> Int32
    let decompress: Decompress

    /// The library, loaded once; nil when the system has none.
    static let shared: BrotliLibrary? = BrotliLibrary()

    private init?() {
        guard let f = unsafe loadFunctions(from: ["libbrotlidec.so.1", "libbrotlidec.so", "libbrotlidec.1.dylib", "libbrotlidec.dylib"], ["BrotliDecoderDecompress"]) else { return nil }
        unsafe decompress = unsafe unsafeBitCast(f[0], to: Decompress.self)
    }
}

private typealias Codec = ParquetCode.Codec
