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
    /// The data is not valid: the library's words for why.
    case damaged(String)
}

/// A compressed stream being decompressed by a system library, a step at a time.
protocol Decompressor: AnyObject {
    /// Decompresses from `input` into `output` as far as either allows.
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep
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
    func makeDecompressor() -> (any Decompressor)? {
        switch self {
        case .gzip: Zlib.shared.flatMap(GzipInflater.init)
        case .zstd: ZstdLibrary.shared.flatMap(ZstdDecompressor.init)
        case .bzip2: Bzip2Library.shared.flatMap(Bzip2Decompressor.init)
        case .xz: LzmaLibrary.shared.flatMap(XzDecompressor.init)
        }
    }
}

/// Opens the first of `names` among the system's libraries and looks up `symbols` in it: the
/// functions, in order, or nil when the library or one of them is missing.
func loadFunctions(from names: [String], _ symbols: [String]) -> [UnsafeMutableRawPointer]? {
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
    let found = symbols.compactMap { dlsym(handle, $0) }
    return found.count == symbols.count ? found : nil
}
