#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of one step of a ``Decompressor``.
enum DecompressionStep {
    /// `consumed` input bytes read, `produced` output bytes written; more may follow.
    case progress(consumed: Int, produced: Int)
    /// A member (a gzip member, a zstd frame, a bzip2 or xz stream) ended after `consumed`
    /// input bytes and `produced` output bytes; the decompressor is ready for another.
    case memberEnded(consumed: Int, produced: Int)
    /// The data is not valid: the library's words for why, and the output written before it
    /// was found (bzip2 writes a block's last text and then reads what follows in one call).
    case damaged(String, produced: Int = 0)
}

/// A compressed stream being decompressed by a system library, a step at a time.
protocol Decompressor: AnyObject {
    /// Decompresses from `input` into `output` as far as either allows.
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep
    /// After a step that stopped where decompression could begin again inside a member (a
    /// deflate block's end), how many bits of the last byte read are still unread; nil elsewhere.
    var resumableBits: Int? { get }
    /// After a step whose text began a bzip2 block's, where the block begins in the file (in
    /// bits); nil elsewhere.
    var startedBlock: UInt64? { get }
}

extension Decompressor {
    /// Only gzip can begin again inside a member; the others begin at a member's start.
    var resumableBits: Int? { nil }
    /// Only the first pass's bzip2 decoder tells its blocks' starts.
    var startedBlock: UInt64? { nil }
}

/// A place in a compressed file where decompressing can begin without what came before: a
/// member's start (any format), inside a gzip member at a deflate block's end with the last
/// 32 KB of text before it (which the next blocks may refer back to), or an xz block's start.
struct DecompressionCheckpoint: Sendable {
    /// The first compressed byte to read from there.
    var compressed: UInt64
    /// The offset in the decompressed text.
    var uncompressed: UInt64
    /// What a decompressor needs besides the bytes from ``compressed`` on.
    var resume: Resume = .memberStart

    /// How decompressing begins at a checkpoint.
    enum Resume: Sendable {
        /// A member's start: a fresh decompressor.
        case memberStart
        /// Inside a gzip member, at a deflate block's end: the bits of the byte before
        /// ``DecompressionCheckpoint/compressed`` still unread, and the text before (at most
        /// 32 KB, all from the same member).
        case deflateBlock(bits: Int, window: [UInt8])
        /// A bzip2 block's start, `shift` bits into the byte at
        /// ``DecompressionCheckpoint/compressed``: read as a stream of its own ("BZh9", the
        /// largest blocks, then the bits from there on, shifted to whole bytes). The stream's
        /// check at its end covers blocks a decoder begun here has not seen: the text is had
        /// before it.
        case bzip2Block(shift: Int)
        /// An xz block's start: its stream's 12-byte header, read first, and where the stream's
        /// blocks end (its index, which names blocks a decoder begun here has not seen, is
        /// never read).
        case xzBlock(streamHeader: [UInt8], blocksEnd: UInt64)
    }

    /// True at a bzip2 or xz block's start, which needs none of the text before it.
    var startsBlock: Bool {
        switch resume {
        case .bzip2Block, .xzBlock: return true
        case .memberStart, .deflateBlock: return false
        }
    }

    /// The bytes it keeps in memory.
    var memory: Int {
        let kept = switch resume {
        case .memberStart, .bzip2Block: 0
        case let .deflateBlock(_, window): window.count
        case let .xzBlock(header, _): header.count
        }
        return kept + MemoryLayout<Self>.size
    }
}

/// The compressions ``FileBytes`` reads, known by their first bytes whatever a file is called.
public enum CompressionFormat: String, Sendable, Hashable, CaseIterable {
    case gzip, zstd, bzip2, xz

    /// What the status line calls it.
    public var name: String { rawValue }

    /// The library that decompresses it, and the Debian package that installs it.
    var library: String {
        switch self {
        case .gzip: "zlib"
        case .zstd: "libzstd"
        case .bzip2: "libbz2"
        case .xz: "liblzma"
        }
    }

    /// The Debian package that installs ``library``.
    var package: String {
        switch self {
        case .gzip: "zlib1g"
        case .zstd: "libzstd1"
        case .bzip2: "libbz2-1.0"
        case .xz: "liblzma5"
        }
    }

    /// The format whose magic `bytes` (a file's first six) begin with, if any.
    public static func detect(_ bytes: [UInt8]) -> CompressionFormat? {
        func starts(_ magic: [UInt8]) -> Bool { bytes.count >= magic.count && Array(bytes.prefix(magic.count)) == magic }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        // "BZh" and a block size of 1…9 hundred kilobytes.
        if starts([0x42, 0x5A, 0x68]), bytes.count >= 4, (0x31...0x39).contains(bytes[3]) { return .bzip2 }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        return nil
    }

    /// A decompressor, or nil when the system lacks the library (or it refuses to start).
    /// `notesCheckpoints`: one that stops where it could begin again inside a member (gzip), or
    /// that decodes bzip2 a block at a time on two cores and says where each block begins, or
    /// xz written in blocks a block a thread (the first pass over a file).
    func makeDecompressor(notesCheckpoints: Bool = false) -> (any Decompressor)? {
        switch self {
        case .gzip: Zlib.shared.flatMap { GzipInflater(zlib: $0, stopsAtBlocks: notesCheckpoints) }
        case .zstd: ZstdLibrary.shared.flatMap(ZstdDecompressor.init)
        case .bzip2: Bzip2Library.shared.flatMap { library -> (any Decompressor)? in notesCheckpoints ? Bzip2BlockDecoder(library: library) : Bzip2Decompressor(library: library) }
        case .xz: LzmaLibrary.shared.flatMap { XzDecompressor(library: $0, threads: notesCheckpoints ? Self.firstPassThreads : 1) }
        }
    }

    /// The threads a first pass decodes xz blocks on: the cores, at most four.
    static var firstPassThreads: Int { Swift.min(4, Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// A decompressor beginning at `checkpoint`, whose byte before is `previousByte`; nil when
    /// the library is missing or refuses the checkpoint. (An xz block's stream header is given
    /// it as its first input.)
    func makeDecompressor(resumingAt checkpoint: DecompressionCheckpoint, previousByte: UInt8) -> (any Decompressor)? {
        guard case let .deflateBlock(bits, window) = checkpoint.resume else { return makeDecompressor() }
        guard self == .gzip, let zlib = Zlib.shared else { return nil }
        return GzipInflater(zlib: zlib, bits: bits, previousByte: previousByte, window: window)
    }
}

/// Opens the first of `names` among the system's libraries and looks up `symbols` in it: the
/// functions, in order, or nil when the library or one of them is missing.
func loadFunctions(from names: [String], _ symbols: [String]) -> [UnsafeMutableRawPointer]? {
    // Safe: a library opened here is never closed, so every function found in it stays valid for
    // the program's life; each caller casts them to the types the library's header gives.
    guard let handle = unsafe names.lazy.compactMap({ unsafe dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
    let found = unsafe symbols.compactMap { unsafe dlsym(handle, $0) }
    return unsafe found.count == symbols.count ? found : nil
}
