/// libbz2's decompressor, loaded from the system when a bzip2 file is first opened (Debian:
/// libbz2-1.0).
@safe struct Bzip2Library: @unchecked Sendable {
    // Safe to hold: function pointers into a library that stays loaded for the program's life;
    // each call through one is marked `unsafe` where it is made.
    typealias Initialise = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias Run = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    let initialise: Initialise, decompress: Run, end: Run

    /// `bz_stream`'s size on a 64-bit system.
    static let streamSize = 80
    static let ok: Int32 = 0, streamEnd: Int32 = 4

    /// The library, loaded once; nil when the system has none.
    static let shared: Bzip2Library? = Bzip2Library()

    private init?() {
        guard MemoryLayout<Int>.size == 8,
              let f = unsafe loadFunctions(from: ["libbz2.so.1.0", "libbz2.so.1", "libbz2.so", "libbz2.dylib"],
                                    ["BZ2_bzDecompressInit", "BZ2_bzDecompress", "BZ2_bzDecompressEnd"])
        else { return nil }
        unsafe initialise = unsafe unsafeBitCast(f[0], to: Initialise.self)
        unsafe decompress = unsafe unsafeBitCast(f[1], to: Run.self)
        unsafe end = unsafe unsafeBitCast(f[2], to: Run.self)
    }
}

/// bzip2 streams being decompressed, one after another (as parallel bzip2 tools write them).
final class Bzip2Decompressor: Decompressor {
    private let library: Bzip2Library
    private let state: CStreamState

    /// A decompressor; nil when the library refuses to start.
    init?(library: Bzip2Library) {
        self.library = library
        guard let state = unsafe CStreamState(size: Bzip2Library.streamSize, wideCounts: false,
                                       begin: { unsafe library.initialise($0, 0, 0) == Bzip2Library.ok }, end: { _ = unsafe library.end($0) })
        else { return nil }
        self.state = state
    }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> DecompressionStep {
        guard state.isOpen else { return .damaged("the bzip2 library could not start again") }
        unsafe state.point(at: input, output)
        let code = unsafe library.decompress(state.pointer)
        let consumed = input.count - state.unused.input, produced = output.count - state.unused.output
        switch code {
        case Bzip2Library.streamEnd:
            state.restart()
            return .memberEnded(consumed: consumed, produced: produced)
        case Bzip2Library.ok:
            return .progress(consumed: consumed, produced: produced)
        default:
            return .damaged(code == -5 ? "not bzip2 data" : "bzip2 error \(code)", produced: produced)
        }
    }
}
