/// Bytes compressed into one gzip member as they are written: what a save to a `.gz` name writes.
final class GzipDeflater {
    private let zlib: Zlib
    private let state: CStreamState

    /// A deflater at zlib's default level; nil when zlib refuses to start.
    init?(zlib: Zlib) {
        self.zlib = zlib
        // Level 6, deflate (8), a gzip wrapper and the largest window (16 + 15), memory level 8,
        // the default strategy.
        guard let state = CStreamState(size: Zlib.streamSize, wideCounts: false,
                                       begin: { zlib.deflateInit($0, 6, 8, 16 + 15, 8, 0, zlib.version(), Int32(Zlib.streamSize)) == Zlib.ok },
                                       end: { _ = zlib.deflateEnd($0) })
        else { return nil }
        self.state = state
    }

    /// `bytes` compressed (what zlib has ready of them so far), and with `finishing` the rest
    /// and the member's end; nil when zlib fails.
    func compress(_ bytes: [UInt8], finishing: Bool) -> [UInt8]? {
        var compressed: [UInt8] = []
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var at = 0
        while true {
            let (code, consumed, produced) = bytes.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    let rest = UnsafeRawBufferPointer(rebasing: input[at...])
                    state.point(at: rest, out)
                    // Z_FINISH (4) ends the member once every byte is in; Z_NO_FLUSH (0) lets zlib wait for more.
                    let code = zlib.deflate(state.pointer, finishing ? 4 : 0)
                    return (code, rest.count - state.unused.input, out.count - state.unused.output)
                }
            }
            compressed += output[..<produced]
            at += consumed
            if code == Zlib.streamEnd { return compressed }
            guard code == Zlib.ok || code == Zlib.bufferError else { return nil }
            // Without finishing, done once every byte is taken and zlib has no more output ready.
            if !finishing && at == bytes.count && produced < output.count { return compressed }
        }
    }
}
