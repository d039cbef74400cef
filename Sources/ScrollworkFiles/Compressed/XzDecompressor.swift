/// liblzma's .xz decoder, loaded from the system when an xz file is first opened (Debian:
/// liblzma5).
@safe struct LzmaLibrary: @unchecked Sendable {
    // Safe to hold: function pointers into a library that stays loaded for the program's life;
    // each call through one is marked `unsafe` where it is made.
    typealias Decoder = @convention(c) (UnsafeMutableRawPointer?, UInt64, UInt32) -> Int32
    typealias ThreadedDecoder = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Int32
    typealias Code = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    typealias End = @convention(c) (UnsafeMutableRawPointer?) -> Void

    let decoder: Decoder, code: Code, end: End
    /// `lzma_stream_decoder_mt` (liblzma 5.4 and later): blocks whose headers give their sizes,
    /// as `xz -T` writes them, decoded on several threads, in order; nil in an older library.
    let threadedDecoder: ThreadedDecoder?

    /// `lzma_mt`'s size on a 64-bit system, and where its fields the decoder reads lie (as
    /// liblzma 5.4's header lays them out: `offsetof` in C).
    static let threadOptionsSize = 128
    static let threadsOffset = 4, memoryLimitThreadingOffset = 64, memoryLimitStopOffset = 72

    /// `lzma_stream`'s size on a 64-bit system.
    static let streamSize = 136
    static let ok: Int32 = 0, streamEnd: Int32 = 1, bufferError: Int32 = 10

    /// The library, loaded once; nil when the system has none.
    static let shared: LzmaLibrary? = LzmaLibrary()

    private init?() {
        guard MemoryLayout<Int>.size == 8,
              let f = unsafe loadFunctions(from: ["liblzma.so.5", "liblzma.so", "liblzma.5.dylib", "liblzma.dylib"],
                                    ["lzma_stream_decoder", "lzma_code", "lzma_end"])
        else { return nil }
        unsafe decoder = unsafe unsafeBitCast(f[0], to: Decoder.self)
        unsafe code = unsafe unsafeBitCast(f[1], to: Code.self)
        unsafe end = unsafe unsafeBitCast(f[2], to: End.self)
        unsafe threadedDecoder = unsafe loadFunctions(from: ["liblzma.so.5", "liblzma.so", "liblzma.5.dylib", "liblzma.dylib"], ["lzma_stream_decoder_mt"])
            .map { unsafe unsafeBitCast($0[0], to: ThreadedDecoder.self) }
    }

    /// Starts a decoder in `stream` on `threads` threads (when more than one and the library
    /// has a threaded decoder; else one): true when it started. The threads may hold about
    /// ``threadMemory`` bytes of blocks; a file whose blocks need more is decoded on one.
    func start(_ stream: UnsafeMutableRawPointer, threads: Int) -> Bool {
        // Safe: the options are memory of their own of `threadOptionsSize` bytes, every field stored
        // inside it, freed after the call that copies them.
        guard threads > 1, let threadedDecoder = unsafe threadedDecoder else { return unsafe decoder(stream, UInt64.max, 0) == Self.ok }
        let options = UnsafeMutableRawPointer.allocate(byteCount: Self.threadOptionsSize, alignment: 8)
        defer { unsafe options.deallocate() }
        unsafe options.initializeMemory(as: UInt8.self, repeating: 0, count: Self.threadOptionsSize)
        unsafe options.storeBytes(of: UInt32(clamping: threads), toByteOffset: Self.threadsOffset, as: UInt32.self)
        unsafe options.storeBytes(of: Self.threadMemory, toByteOffset: Self.memoryLimitThreadingOffset, as: UInt64.self)
        unsafe options.storeBytes(of: UInt64.max, toByteOffset: Self.memoryLimitStopOffset, as: UInt64.self)
        return unsafe threadedDecoder(stream, options) == Self.ok
    }

    /// What the threads of a threaded decoder may hold: a few blocks of `xz -T`'s defaults (24 MB
    /// of text each at -6) a thread.
    static let threadMemory: UInt64 = 512 << 20
}

/// .xz streams being decoded, one after another.
final class XzDecompressor: Decompressor {
    private let library: LzmaLibrary
    private let state: CStreamState
    /// True before a stream's header: stream padding (zero bytes, four at a time, as `xz` may
    /// write between concatenated streams) is skipped there, also by a decoder begun at a
    /// stream's end.
    private var atStreamStart = true

    /// A decoder on `threads` threads (a file written in blocks whose headers give their
    /// sizes, as `xz -T` writes them, is decoded a block a thread, in order; any other on one);
    /// nil when the library refuses to start. There is no memory limit (the file is the
    /// person's own) and no flag.
    init?(library: LzmaLibrary, threads: Int = 1) {
        self.library = library
        // Safe: the stream state is liblzma's own size; each step points it at buffers lent for
        // that call only.
        guard let state = unsafe CStreamState(size: LzmaLibrary.streamSize, wideCounts: true,
                                       begin: { unsafe library.start($0, threads: threads) }, end: { unsafe library.end($0) })
        else { return nil }
        self.state = state
    }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        guard state.isOpen else { return .damaged("the xz library could not start again") }
        if atStreamStart {
            let zeros = unsafe input.prefix { $0 == 0 }.count
            // Padding is no member: passed as an empty one, so a checkpoint marks the next stream.
            if zeros > 0 { return .memberEnded(consumed: zeros, produced: 0) }
            if unsafe !input.isEmpty { atStreamStart = false }
        }
        unsafe state.point(at: input, output)
        let code = unsafe library.code(state.pointer, 0)
        let consumed = input.count - state.unused.input, produced = output.count - state.unused.output
        switch code {
        case LzmaLibrary.streamEnd:
            state.restart()
            atStreamStart = true
            return .memberEnded(consumed: consumed, produced: produced)
        case LzmaLibrary.ok, LzmaLibrary.bufferError:
            return .progress(consumed: consumed, produced: produced)
        default:
            let reasons: [Int32: String] = [5: "out of memory", 6: "the memory limit was reached", 7: "not xz data",
                                            8: "options the library does not support", 9: "the data is corrupt"]
            return .damaged(reasons[code] ?? "xz error \(code)")
        }
    }
}
