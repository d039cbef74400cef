/// libzstd's streaming decompressor, loaded from the system when a zstd file is first opened
/// (Debian: libzstd1).
@safe struct ZstdLibrary: @unchecked Sendable {
    // Safe to hold: function pointers into a library that stays loaded for the program's life;
    // each call through one is marked `unsafe` where it is made.
    typealias Create = @convention(c) () -> UnsafeMutableRawPointer?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Int
    typealias Decompress = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32
    typealias ErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

    let create: Create, free: Free, decompress: Decompress, isError: IsError, errorName: ErrorName

    /// The library, loaded once; nil when the system has none.
    static let shared: ZstdLibrary? = ZstdLibrary()

    private init?() {
        guard let f = unsafe loadFunctions(from: ["libzstd.so.1", "libzstd.so", "libzstd.1.dylib", "libzstd.dylib"],
                                    ["ZSTD_createDCtx", "ZSTD_freeDCtx", "ZSTD_decompressStream", "ZSTD_isError", "ZSTD_getErrorName"])
        else { return nil }
        unsafe create = unsafe unsafeBitCast(f[0], to: Create.self)
        unsafe free = unsafe unsafeBitCast(f[1], to: Free.self)
        unsafe decompress = unsafe unsafeBitCast(f[2], to: Decompress.self)
        isError = unsafe unsafeBitCast(f[3], to: IsError.self)
        unsafe errorName = unsafe unsafeBitCast(f[4], to: ErrorName.self)
    }
}

/// One zstd stream of frames being decompressed.
@safe final class ZstdDecompressor: Decompressor {
    private let library: ZstdLibrary
    private let context: UnsafeMutableRawPointer

    /// A decompressor; nil when the library cannot make one.
    init?(library: ZstdLibrary) {
        // Safe: the context is libzstd's, made here and freed only in `deinit`; each step lends it the
        // buffers for that call, and an error's name is the library's static text, copied at once.
        guard let context = unsafe library.create() else { return nil }
        self.library = library
        unsafe self.context = unsafe context
    }

    deinit { _ = unsafe library.free(context) }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        // ZSTD_inBuffer and ZSTD_outBuffer: a pointer, a size and a position, three words each.
        var inBuffer: (UnsafeRawPointer?, Int, Int) = (input.baseAddress, input.count, 0)
        var outBuffer: (UnsafeMutableRawPointer?, Int, Int) = (output.baseAddress, output.count, 0)
        let code = unsafe withUnsafeMutableBytes(of: &outBuffer) { out in
            unsafe withUnsafeMutableBytes(of: &inBuffer) { unsafe library.decompress(context, out.baseAddress, $0.baseAddress) }
        }
        if library.isError(code) != 0 {
            return unsafe .damaged(library.errorName(code).map { unsafe String(cString: $0) } ?? "zstd error \(code)")
        }
        // 0: a frame is whole and all of it written out.
        return unsafe code == 0 ? .memberEnded(consumed: inBuffer.2, produced: outBuffer.2) : .progress(consumed: inBuffer.2, produced: outBuffer.2)
    }
}
