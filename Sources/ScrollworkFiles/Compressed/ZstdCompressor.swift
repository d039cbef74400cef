/// libzstd's streaming compressor, loaded from the system when a save to a `.zst` name is first
/// made (Debian: libzstd1).
struct ZstdCompressionLibrary: @unchecked Sendable {
    typealias Create = @convention(c) () -> UnsafeMutableRawPointer?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Int
    typealias Compress = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32

    let create: Create, free: Free, compress: Compress, isError: IsError

    /// The library, loaded once; nil when the system has none.
    static let shared: ZstdCompressionLibrary? = ZstdCompressionLibrary()

    private init?() {
        guard let f = loadFunctions(from: ["libzstd.so.1", "libzstd.so", "libzstd.1.dylib", "libzstd.dylib"],
                                    ["ZSTD_createCCtx", "ZSTD_freeCCtx", "ZSTD_compressStream2", "ZSTD_isError"])
        else { return nil }
        create = unsafeBitCast(f[0], to: Create.self)
        free = unsafeBitCast(f[1], to: Free.self)
        compress = unsafeBitCast(f[2], to: Compress.self)
        isError = unsafeBitCast(f[3], to: IsError.self)
    }
}

/// Bytes compressed into one zstd frame as they are written, at libzstd's default level: what a
/// save to a `.zst` name writes.
final class ZstdCompressor: Compressor {
    private let library: ZstdCompressionLibrary
    private let context: UnsafeMutableRawPointer

    /// A compressor; nil when the library cannot make one.
    init?(library: ZstdCompressionLibrary) {
        guard let context = library.create() else { return nil }
        self.library = library
        self.context = context
    }

    deinit { _ = library.free(context) }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, finishing: Bool) -> CompressionStep? {
        // ZSTD_inBuffer and ZSTD_outBuffer: a pointer, a size and a position.
        var inBuffer: (UnsafeRawPointer?, Int, Int) = (input.baseAddress, input.count, 0)
        var outBuffer: (UnsafeMutableRawPointer?, Int, Int) = (output.baseAddress, output.count, 0)
        // ZSTD_e_end (2) ends the frame once every byte is in; ZSTD_e_continue (0) lets it wait for more.
        let code = withUnsafeMutableBytes(of: &outBuffer) { o in
            withUnsafeMutableBytes(of: &inBuffer) { library.compress(context, o.baseAddress, $0.baseAddress, finishing ? 2 : 0) }
        }
        guard library.isError(code) == 0 else { return nil }
        // While finishing, 0 says nothing is left to flush.
        return CompressionStep(consumed: inBuffer.2, produced: outBuffer.2, ended: finishing && code == 0)
    }
}
