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

    let version: Version
    let inflateInit: InflateInit
    let inflate: Inflate
    let inflateReset: InflateEnd
    let inflateEnd: InflateEnd

    // zlib's return codes.
    static let ok: Int32 = 0, streamEnd: Int32 = 1, needDictionary: Int32 = 2, bufferError: Int32 = -5

    /// `z_stream` on a 64-bit system: its size and the offsets of the fields read and written
    /// here (next_in, avail_in, total_in, next_out, avail_out, msg).
    static let streamSize = 112
    static let nextIn = 0, availableIn = 8, totalIn = 16, nextOut = 24, availableOut = 32, message = 48

    /// The library, loaded once; nil when the system has none.
    static let shared: Zlib? = Zlib()

    private init?() {
        guard MemoryLayout<Int>.size == 8 else { return nil }
        let names = ["libz.so.1", "libz.so", "libz.1.dylib", "libz.dylib"]
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first,
              let version = dlsym(handle, "zlibVersion"), let initialise = dlsym(handle, "inflateInit2_"),
              let inflate = dlsym(handle, "inflate"), let reset = dlsym(handle, "inflateReset"), let end = dlsym(handle, "inflateEnd")
        else { return nil }
        self.version = unsafeBitCast(version, to: Version.self)
        inflateInit = unsafeBitCast(initialise, to: InflateInit.self)
        self.inflate = unsafeBitCast(inflate, to: Inflate.self)
        inflateReset = unsafeBitCast(reset, to: InflateEnd.self)
        inflateEnd = unsafeBitCast(end, to: InflateEnd.self)
    }
}

/// One gzip stream being inflated: zlib's `z_stream`, kept in memory of its own (zlib holds its
/// address), read and written at its fields' offsets.
final class GzipInflater {
    private let zlib: Zlib
    private let stream: UnsafeMutableRawPointer
    private var open = false

    /// An inflater of gzip members (a zlib header is accepted too); nil when zlib refuses to start.
    init?(zlib: Zlib) {
        self.zlib = zlib
        stream = UnsafeMutableRawPointer.allocate(byteCount: Zlib.streamSize, alignment: 8)
        stream.initializeMemory(as: UInt8.self, repeating: 0, count: Zlib.streamSize)
        // 15 + 32: the largest window, and the header (gzip or zlib) read from the data.
        guard zlib.inflateInit(stream, 15 + 32, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok else {
            stream.deallocate()
            return nil
        }
        open = true
    }

    deinit {
        if open { _ = zlib.inflateEnd(stream) }
        stream.deallocate()
    }

    /// The outcome of one step.
    enum Step {
        /// `consumed` input bytes read, `produced` output bytes written; more may follow.
        case progress(consumed: Int, produced: Int)
        /// A member ended after `consumed` input bytes and `produced` output bytes.
        case memberEnded(consumed: Int, produced: Int)
        /// The data is not a valid stream: zlib's message.
        case damaged(String)
    }

    /// Inflates from `input` into `output` as far as either allows.
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Step {
        stream.storeBytes(of: UnsafeRawPointer(input.baseAddress), toByteOffset: Zlib.nextIn, as: UnsafeRawPointer?.self)
        stream.storeBytes(of: UInt32(input.count), toByteOffset: Zlib.availableIn, as: UInt32.self)
        stream.storeBytes(of: output.baseAddress, toByteOffset: Zlib.nextOut, as: UnsafeMutableRawPointer?.self)
        stream.storeBytes(of: UInt32(output.count), toByteOffset: Zlib.availableOut, as: UInt32.self)
        let code = zlib.inflate(stream, 0)
        let consumed = input.count - Int(stream.load(fromByteOffset: Zlib.availableIn, as: UInt32.self))
        let produced = output.count - Int(stream.load(fromByteOffset: Zlib.availableOut, as: UInt32.self))
        switch code {
        case Zlib.streamEnd:
            _ = zlib.inflateReset(stream)
            return .memberEnded(consumed: consumed, produced: produced)
        case Zlib.ok, Zlib.bufferError:
            return .progress(consumed: consumed, produced: produced)
        case Zlib.needDictionary:
            return .damaged("a preset dictionary is needed, which gzip never uses")
        default:
            let message = stream.load(fromByteOffset: Zlib.message, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
            return .damaged(message ?? "zlib error \(code)")
        }
    }
}
