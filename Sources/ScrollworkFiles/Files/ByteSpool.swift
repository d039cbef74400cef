/// Where a ``FileBytes`` that cannot be read at offsets keeps its bytes: a temporary file filled
/// as far as it is read, from a stream (``StreamSpool``) or by inflating a compressed file
/// (``DecompressingSpool``).
protocol ByteSpool: Sendable {
    /// The temporary file the bytes are kept in, read at offsets.
    var spool: Int32 { get }
    /// True once every byte is kept: the stream's writer has gone, or the data has ended.
    var hasEnded: Bool { get }
    /// Why the bytes end before their source does (damaged compressed data), if they do.
    var damage: String? { get }
    /// Fills the temporary file until at least `target` bytes are kept (nil: a step more) and
    /// returns how many are kept.
    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64
}
