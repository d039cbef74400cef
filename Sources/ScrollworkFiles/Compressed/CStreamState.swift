/// A C library's stream state (zlib's `z_stream`, libbz2's `bz_stream`, liblzma's
/// `lzma_stream`) in memory of its own, since the library keeps its address: started and ended
/// by the library's calls, and pointed at the input and output of each step. All three put
/// next_in, avail_in, next_out and avail_out at the same offsets on a 64-bit system; the counts
/// are 32 bits wide in the first two and a word in the third.
@safe final class CStreamState {
    // Safe to hold: the memory is this object's alone, `size` bytes from `init` to `deinit`, and every
    // offset stored or loaded below is one of the three libraries' fields, inside `size`. The input and
    // output it points at are lent for one step: the library reads them only inside the call that sets
    // them.
    private let memory: UnsafeMutableRawPointer
    private let size: Int
    private let wideCounts: Bool
    private let begin: (UnsafeMutableRawPointer) -> Bool
    private let end: (UnsafeMutableRawPointer) -> Void
    /// True while the library holds a started stream.
    private(set) var isOpen = false

    /// A state of `size` bytes, started with `begin` (true on success) and ended with `end`;
    /// nil when it does not start.
    init?(size: Int, wideCounts: Bool, begin: @escaping (UnsafeMutableRawPointer) -> Bool, end: @escaping (UnsafeMutableRawPointer) -> Void) {
        unsafe memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        self.size = size
        self.wideCounts = wideCounts
        unsafe self.begin = unsafe begin
        unsafe self.end = unsafe end
        guard restart() else {
            unsafe memory.deallocate()
            return nil
        }
    }

    deinit {
        if isOpen { unsafe end(memory) }
        unsafe memory.deallocate()
    }

    /// The state as the library's functions take it.
    var pointer: UnsafeMutableRawPointer { unsafe memory }

    /// Ends the stream if it is open and starts a fresh one (all fields zero first, as each
    /// library's initialiser expects); true when it started.
    @discardableResult
    func restart() -> Bool {
        if isOpen { unsafe end(memory) }
        unsafe memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        isOpen = unsafe begin(memory)
        return isOpen
    }

    /// Points the stream at `input` and `output` for the next call.
    func point(at input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer) {
        unsafe memory.storeBytes(of: UnsafeRawPointer(input.baseAddress), toByteOffset: 0, as: UnsafeRawPointer?.self)
        unsafe memory.storeBytes(of: output.baseAddress, toByteOffset: 24, as: UnsafeMutableRawPointer?.self)
        if wideCounts {
            unsafe memory.storeBytes(of: input.count, toByteOffset: 8, as: Int.self)
            unsafe memory.storeBytes(of: output.count, toByteOffset: 32, as: Int.self)
        } else {
            unsafe memory.storeBytes(of: UInt32(clamping: input.count), toByteOffset: 8, as: UInt32.self)
            unsafe memory.storeBytes(of: UInt32(clamping: output.count), toByteOffset: 32, as: UInt32.self)
        }
    }

    /// The input and output left unused by the last call.
    var unused: (input: Int, output: Int) {
        unsafe wideCounts ? (memory.load(fromByteOffset: 8, as: Int.self), memory.load(fromByteOffset: 32, as: Int.self))
            : (Int(memory.load(fromByteOffset: 8, as: UInt32.self)), Int(memory.load(fromByteOffset: 32, as: UInt32.self)))
    }

    /// The pointer at `offset` (a message the library left), if any.
    func pointer(at offset: Int) -> UnsafePointer<CChar>? { unsafe memory.load(fromByteOffset: offset, as: UnsafePointer<CChar>?.self) }
}
