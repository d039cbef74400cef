/// libzstd's streaming compressor, loaded from the system when a save to a `.zst` name is first
/// made (Debian: libzstd1).
@safe struct ZstdCompressionLibrary: @unchecked Sendable {
    // Safe to hold: function pointers into a library that stays loaded for the program's life;
    // each call through one is marked `unsafe` where it is made.
    typealias Create = @convention(c) () -> UnsafeMutableRawPointer?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Int
    typealias Compress = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32

    let create: Create, free: Free, compress: Compress, isError: IsError

    /// The library, loaded once; nil when the system has none.
    static let shared: ZstdCompressionLibrary? = ZstdCompressionLibrary()

    private init?() {
        guard let f = unsafe loadFunctions(from: ["libzstd.so.1", "libzstd.so", "libzstd.1.dylib", "libzstd.dylib"],
                                    ["ZSTD_createCCtx", "ZSTD_freeCCtx", "ZSTD_compressStream2", "ZSTD_isError"])
        else { return nil }
        unsafe create = unsafe unsafeBitCast(f[0], to: Create.self)
        unsafe free = unsafe unsafeBitCast(f[1], to: Free.self)
        unsafe compress = unsafe unsafeBitCast(f[2], to: Compress.self)
        isError = unsafe unsafeBitCast(f[3], to: IsError.self)
    }
}

/// Bytes compressed into one zstd frame as they are written, at libzstd's default level: what a
/// save to a `.zst` name writes.
@safe final class ZstdCompressor: Compressor {
    private let library: ZstdCompressionLibrary
    private let context: UnsafeMutableRawPointer

    /// A compressor; nil when the library cannot make one.
    init?(library: ZstdCompressionLibrary) {
        // Safe: the context is libzstd's, made here and freed only in `deinit`; each step lends it the
        // buffers for that call.
        guard let context = unsafe library.create() else { return nil }
        self.library = library
        unsafe self.context = unsafe context
    }

    deinit { _ = unsafe library.free(context) }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, finishing: Bool) -> CompressionStep? {
        // ZSTD_inBuffer and ZSTD_outBuffer: a pointer, a size and a position.
        var inBuffer: (UnsafeRawPointer?, Int, Int) = (input.baseAddress, input.count, 0)
        var outBuffer: (UnsafeMutableRawPointer?, Int, Int) = (output.baseAddress, output.count, 0)
        // ZSTD_e_end (2) ends the frame once every byte is in; ZSTD_e_continue (0) lets it wait for more.
        let code = unsafe withUnsafeMutableBytes(of: &outBuffer) { o in
            unsafe withUnsafeMutableBytes(of: &inBuffer) { unsafe library.compress(context, o.baseAddress, $0.baseAddress, finishing ? 2 : 0) }
        }
        guard library.isError(code) == 0 else { return nil }
        // While finishing, 0 says nothing is left to flush.
        return unsafe CompressionStep(consumed: inBuffer.2, produced: outBuffer.2, ended: finishing && code == 0)
    }
}
