#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// zlib's inflater, loaded from the system's library when a compressed file is first opened
/// (Debian: zlib1g), so that building needs nothing but Swift. Only what gzip needs is declared.
struct Zlib: @unchecked Sendable {
    // The functions, as zlib.h declares them.
    typealias Version = @convention(c) () -> UnsafePointer<CChar>?
    typealias InflateInit = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    typealias Inflate = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    typealias InflateEnd = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias DeflateInit = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32

    let version: Version
    let inflateInit: InflateInit
    let inflate: Inflate
    let inflateReset: InflateEnd
    let inflateEnd: InflateEnd
    let deflateInit: DeflateInit
    let deflate: Inflate
    let deflateEnd: InflateEnd

    // zlib's return codes.
    static let ok: Int32 = 0, streamEnd: Int32 = 1, needDictionary: Int32 = 2, bufferError: Int32 = -5

    /// `z_stream` on a 64-bit system: its size, and the offset of its message (the counts and
    /// buffers are where ``CStreamState`` puts them).
    static let streamSize = 112
    static let message = 48

    /// The library, loaded once; nil when the system has none.
    static let shared: Zlib? = Zlib()

    private init?() {
        guard MemoryLayout<Int>.size == 8,
              let f = loadFunctions(from: ["libz.so.1", "libz.so", "libz.1.dylib", "libz.dylib"],
                                    ["zlibVersion", "inflateInit2_", "inflate", "inflateReset", "inflateEnd", "deflateInit2_", "deflate", "deflateEnd"])
        else { return nil }
        version = unsafeBitCast(f[0], to: Version.self)
        inflateInit = unsafeBitCast(f[1], to: InflateInit.self)
        inflate = unsafeBitCast(f[2], to: Inflate.self)
        inflateReset = unsafeBitCast(f[3], to: InflateEnd.self)
        inflateEnd = unsafeBitCast(f[4], to: InflateEnd.self)
        deflateInit = unsafeBitCast(f[5], to: DeflateInit.self)
        deflate = unsafeBitCast(f[6], to: Inflate.self)
        deflateEnd = unsafeBitCast(f[7], to: InflateEnd.self)
    }
}

/// gzip members being inflated, one after another.
final class GzipInflater: Decompressor {
    private let zlib: Zlib
    private let state: CStreamState

    /// An inflater of gzip members (a zlib header is accepted too); nil when zlib refuses to start.
    init?(zlib: Zlib) {
        self.zlib = zlib
        // 15 + 32: the largest window, and the header (gzip or zlib) read from the data.
        guard let state = CStreamState(size: Zlib.streamSize, wideCounts: false,
                                       begin: { zlib.inflateInit($0, 15 + 32, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok },
                                       end: { _ = zlib.inflateEnd($0) })
        else { return nil }
        self.state = state
    }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        state.point(at: input, output)
        let code = zlib.inflate(state.pointer, 0)
        let consumed = input.count - state.unused.input, produced = output.count - state.unused.output
        switch code {
        case Zlib.streamEnd:
            _ = zlib.inflateReset(state.pointer)
            return .memberEnded(consumed: consumed, produced: produced)
        case Zlib.ok, Zlib.bufferError:
            return .progress(consumed: consumed, produced: produced)
        case Zlib.needDictionary:
            return .damaged("a preset dictionary is needed, which gzip never uses")
        default:
            return .damaged(state.pointer(at: Zlib.message).map { String(cString: $0) } ?? "zlib error \(code)")
        }
    }
}
