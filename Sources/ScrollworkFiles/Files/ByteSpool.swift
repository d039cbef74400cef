/// Where a ``FileBytes`` that cannot be read at offsets gets its bytes: a stream's bytes kept in
/// a temporary file as they come (``StreamSpool``), or a compressed file decompressed as far as
/// it is read (``CompressedBytes``).
protocol ByteSpool: Sendable {
    /// True once every byte is there: the stream's writer has gone, or the data has ended.
    var hasEnded: Bool { get }
    /// Why the bytes end before their source does (damaged compressed data), if they do.
    var damage: String? { get }
    /// Takes in more of the source until at least `target` bytes are there (nil: a step more)
    /// and returns how many are there.
    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64
    /// How many bytes a read ending at `target` can have: a compressed file is decompressed up
    /// to there, a stream copied one look more (a device that never ends is not read for ever).
    func available(upTo target: UInt64) throws(FileError) -> UInt64
    /// Reads up to `buffer.count` bytes from `offset` into `buffer`, taking in as much of the
    /// source as that needs, and returns how many it read: fewer at the end, none past it.
    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int
}

/// A ``ByteSpool`` that keeps the bytes it makes (a stream's, decoded text) in a temporary file:
/// a read makes them up to its end, then reads that file.
protocol KeptInFile: ByteSpool {
    /// The temporary file the bytes are kept in.
    var spool: Int32 { get }
    /// What errors call the file.
    var name: String { get }
}

extension KeptInFile {
    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        let (end, overflow) = offset.addingReportingOverflow(UInt64(buffer.count))
        try copy(upTo: overflow ? UInt64(Int64.max) : end)
        // Safe: the read fills no more than the caller's buffer.
        return unsafe try FileBytes.read(spool, at: offset, into: buffer, path: name)
    }
}
