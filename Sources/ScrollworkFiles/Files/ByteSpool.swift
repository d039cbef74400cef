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
