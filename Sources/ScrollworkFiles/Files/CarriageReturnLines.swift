/// Text whose lines end in a carriage return alone (classic Mac OS, Excel's "CSV (Macintosh)")
/// read with each carriage return as a line feed, byte for byte at the same offsets: the index,
/// the rows and a search then find its lines as in any other text, where the whole file was one
/// line before (a header of every value and no rows). A file of this machine's only: a stream
/// is read as it comes.
final class CarriageReturnLines: ByteSpool {
    /// The text as the file has it.
    private let source: FileBytes

    /// `source`'s text with each carriage return read as a line feed.
    init(source: FileBytes) { self.source = source }

    var hasEnded: Bool { source.streamHasEnded }
    var damage: String? { source.damage }

    @discardableResult
    func copy(upTo target: UInt64?) throws(FileError) -> UInt64 { source.size }

    func available(upTo target: UInt64) throws(FileError) -> UInt64 { source.size }

    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        // Safe: the read fills at most the buffer, and only the `count` bytes it filled are
        // changed.
        let count = unsafe try source.read(at: offset, into: buffer)
        for i in 0..<count where unsafe buffer[i] == 0x0D { unsafe buffer[i] = 0x0A }
        return count
    }

    /// True when `sample`, text's first bytes, has carriage returns and no line feed: its lines
    /// end in carriage returns alone.
    static func endsLinesWithCarriageReturns(_ sample: [UInt8]) -> Bool {
        sample.contains(0x0D) && !sample.contains(0x0A)
    }
}
