/// Bytes compressed into one gzip member as they are written: what a save to a `.gz` name writes.
final class GzipDeflater: Compressor {
    private let zlib: Zlib
    private let state: CStreamState

    /// A deflater at zlib's default level; nil when zlib refuses to start.
    init?(zlib: Zlib) {
        self.zlib = zlib
        // Level 6, deflate (8), a gzip wrapper and the largest window (16 + 15), memory level 8,
        // the default strategy.
        // Safe: the stream state is zlib's own size; each step points it at buffers lent for that
        // call only.
        guard let state = unsafe CStreamState(size: Zlib.streamSize, wideCounts: false,
                                       begin: { unsafe zlib.deflateInit($0, 6, 8, 16 + 15, 8, 0, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok },
                                       end: { _ = unsafe zlib.deflateEnd($0) })
        else { return nil }
        self.state = state
    }

    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, finishing: Bool) -> CompressionStep? {
        unsafe state.point(at: input, output)
        // Z_FINISH (4) ends the member once every byte is in; Z_NO_FLUSH (0) lets zlib wait for more.
        let code = unsafe zlib.deflate(state.pointer, finishing ? 4 : 0)
        guard code == Zlib.ok || code == Zlib.bufferError || code == Zlib.streamEnd else { return nil }
        return CompressionStep(consumed: input.count - state.unused.input, produced: output.count - state.unused.output, ended: code == Zlib.streamEnd)
    }
}
