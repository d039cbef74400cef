#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// zlib's inflater, loaded from the system's library when a compressed file is first opened
/// (Debian: zlib1g), so that building needs nothing but Swift. Only what gzip needs is declared.
@safe struct Zlib: @unchecked Sendable {
    // Safe to hold: function pointers into a library that stays loaded for the program's life;
    // each call through one is marked `unsafe` where it is made.
    // The functions, as zlib.h declares them.
    typealias Version = @convention(c) () -> UnsafePointer<CChar>?
    typealias InflateInit = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    typealias Inflate = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    typealias InflateEnd = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias DeflateInit = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    typealias InflatePrime = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias SetDictionary = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UInt32) -> Int32

    let version: Version
    let inflateInit: InflateInit
    let inflate: Inflate
    let inflateReset: InflateEnd
    let inflateEnd: InflateEnd
    let deflateInit: DeflateInit
    let deflate: Inflate
    let deflateEnd: InflateEnd
    let inflateReset2: Inflate
    let inflatePrime: InflatePrime
    let inflateSetDictionary: SetDictionary

    // zlib's return codes.
    static let ok: Int32 = 0, streamEnd: Int32 = 1, needDictionary: Int32 = 2, bufferError: Int32 = -5
    /// inflate's flush that stops at the end of each deflate block.
    static let block: Int32 = 5
    /// Window bits: the largest window with a gzip or zlib header read from the data, and raw
    /// deflate data with the largest window.
    static let headerWindow: Int32 = 15 + 32, rawWindow: Int32 = -15
    /// How much output deflate refers back to: what a checkpoint keeps.
    static let windowSize = 32 << 10

    /// `z_stream` on a 64-bit system: its size, and the offset of its message (the counts and
    /// buffers are where ``CStreamState`` puts them).
    static let streamSize = 112
    static let message = 48
    /// The offset of `data_type`, where inflate says it stopped at a block's end.
    static let dataType = 88

    /// The library, loaded once; nil when the system has none.
    static let shared: Zlib? = Zlib()

    private init?() {
        guard MemoryLayout<Int>.size == 8,
              let f = unsafe loadFunctions(from: ["libz.so.1", "libz.so", "libz.1.dylib", "libz.dylib"],
                                    ["zlibVersion", "inflateInit2_", "inflate", "inflateReset", "inflateEnd", "deflateInit2_", "deflate", "deflateEnd",
                                     "inflateReset2", "inflatePrime", "inflateSetDictionary"])
        else { return nil }
        unsafe version = unsafe unsafeBitCast(f[0], to: Version.self)
        unsafe inflateInit = unsafe unsafeBitCast(f[1], to: InflateInit.self)
        unsafe inflate = unsafe unsafeBitCast(f[2], to: Inflate.self)
        unsafe inflateReset = unsafe unsafeBitCast(f[3], to: InflateEnd.self)
        unsafe inflateEnd = unsafe unsafeBitCast(f[4], to: InflateEnd.self)
        unsafe deflateInit = unsafe unsafeBitCast(f[5], to: DeflateInit.self)
        unsafe deflate = unsafe unsafeBitCast(f[6], to: Inflate.self)
        unsafe deflateEnd = unsafe unsafeBitCast(f[7], to: InflateEnd.self)
        unsafe inflateReset2 = unsafe unsafeBitCast(f[8], to: Inflate.self)
        unsafe inflatePrime = unsafe unsafeBitCast(f[9], to: InflatePrime.self)
        unsafe inflateSetDictionary = unsafe unsafeBitCast(f[10], to: SetDictionary.self)
    }
}

/// gzip members being inflated, one after another: from a member's start, or from a checkpoint
/// inside one (a deflate block's end, with the 32 KB of text before it), as zlib's `zran`
/// example does.
final class GzipInflater: Decompressor {
    private let zlib: Zlib
    private let state: CStreamState
    /// True while inflating a member begun at a checkpoint, as raw deflate data: its 8-byte
    /// trailer (CRC and length) is then skipped here, and the next member read with its header.
    private var raw: Bool
    private var trailerLeft = 0
    /// True for the first pass, which stops at each block's end to note checkpoints there.
    private let stopsAtBlocks: Bool
    private(set) var resumableBits: Int? = nil

    /// An inflater of gzip members from the start of one (a zlib header is accepted too); nil
    /// when zlib refuses to start. `stopsAtBlocks`: step no further than a deflate block's end.
    init?(zlib: Zlib, stopsAtBlocks: Bool = false) {
        self.zlib = zlib
        self.stopsAtBlocks = stopsAtBlocks
        raw = false
        // Safe: the stream state is zlib's own size; each step points it at buffers lent for that
        // call only, and the window is copied by zlib before the call that lends it returns.
        // Safe: as above; the raw stream's window is lent only for `inflateSetDictionary`, which
        // copies it.
        guard let state = unsafe CStreamState(size: Zlib.streamSize, wideCounts: false,
                                       begin: { unsafe zlib.inflateInit($0, Zlib.headerWindow, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok },
                                       end: { _ = unsafe zlib.inflateEnd($0) })
        else { return nil }
        self.state = state
    }

    /// An inflater resuming inside a member at a block's end: `bits` of `previousByte` (its
    /// high bits) still unread, `window` the text just before; nil when zlib refuses them.
    init?(zlib: Zlib, bits: Int, previousByte: UInt8, window: [UInt8]) {
        self.zlib = zlib
        stopsAtBlocks = false
        raw = true
        guard (0...7).contains(bits),
              let state = unsafe CStreamState(size: Zlib.streamSize, wideCounts: false,
                                       begin: { unsafe zlib.inflateInit($0, Zlib.rawWindow, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok },
                                       end: { _ = unsafe zlib.inflateEnd($0) })
        else { return nil }
        self.state = state
        if bits > 0, unsafe zlib.inflatePrime(state.pointer, Int32(bits), Int32(previousByte >> (8 - bits))) != Zlib.ok { return nil }
        let set = unsafe window.withUnsafeBytes { unsafe zlib.inflateSetDictionary(state.pointer, $0.baseAddress, UInt32($0.count)) }
        if !window.isEmpty && set != Zlib.ok { return nil }
    }

    // Safe: the buffers are lent for this call, which is as long as zlib holds them; `dataType` and
    // `message` are z_stream's own fields, inside its size.
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        resumableBits = nil
        if trailerLeft > 0 {
            let skipped = Swift.min(trailerLeft, input.count)
            trailerLeft -= skipped
            guard trailerLeft == 0 else { return .progress(consumed: skipped, produced: 0) }
            _ = unsafe zlib.inflateReset2(state.pointer, Zlib.headerWindow)
            raw = false
            return .memberEnded(consumed: skipped, produced: 0)
        }
        unsafe state.point(at: input, output)
        let code = unsafe zlib.inflate(state.pointer, stopsAtBlocks ? Zlib.block : 0)
        let consumed = input.count - state.unused.input, produced = output.count - state.unused.output
        switch code {
        case Zlib.streamEnd where raw:
            trailerLeft = 8
            return .progress(consumed: consumed, produced: produced)
        case Zlib.streamEnd:
            _ = unsafe zlib.inflateReset(state.pointer)
            return .memberEnded(consumed: consumed, produced: produced)
        case Zlib.ok, Zlib.bufferError:
            if stopsAtBlocks {
                // 128: just after a block's end; 64: that block was the member's last; the low
                // three bits: how many bits of the last byte read are not used yet.
                let type = unsafe state.pointer.load(fromByteOffset: Zlib.dataType, as: Int32.self)
                if type & 128 != 0 && type & 64 == 0 { resumableBits = Int(type & 7) }
            }
            return .progress(consumed: consumed, produced: produced)
        case Zlib.needDictionary:
            return .damaged("a preset dictionary is needed, which gzip never uses")
        default:
            return unsafe .damaged(state.pointer(at: Zlib.message).map { unsafe String(cString: $0) } ?? "zlib error \(code)")
        }
    }
}
