import Scrollwork

/// Which rows of a file a view holds, and in what order: all of them in the file's order, or a
/// list of row numbers in 4 bytes each (what a filter keeps, or a sorted view's order).
public enum RowSet: Sendable, Hashable {
    /// Rows `0..<count` (a negative count is none).
    case all(count: Int)
    /// These rows, in this order.
    case rows([UInt32])

    /// The number of rows.
    public var count: Int {
        switch self {
        case let .all(count): return Swift.max(0, count)
        case let .rows(rows): return rows.count
        }
    }

    /// The set with no more positions than a source of `rows` rows has: `.all` of a larger count
    /// is cut to the rows there are (a list is kept whole; its numbers past the rows read as none).
    public func clamped(toRows rows: Int) -> RowSet {
        if case let .all(count) = self { return .all(count: Swift.min(Swift.max(0, count), Swift.max(0, rows))) }
        return self
    }

    /// The row numbers at positions `range` (clipped to the set), as a collection that reads them
    /// in place.
    public func piece(_ range: Range<Int>) -> RowPiece {
        let range = range.clamped(to: 0..<count)
        switch self {
        case .all: return RowPiece(offset: range.lowerBound, count: range.count, rows: nil)
        case let .rows(rows): return RowPiece(offset: range.lowerBound, count: range.count, rows: rows)
        }
    }

    /// Runs `work` on each piece of `size` positions (at least 1), as many at once as `loop`
    /// runs, and hands the results to `take` in the pieces' order, a round of pieces at a time;
    /// `progress` hears the fraction done after each round and stops the pass by returning
    /// false. Returns false when stopped: what every pass over a view's rows (filter, count,
    /// summary, save) is made of. Pieces are made as their round comes, so a set of any size
    /// starts at once and can be stopped after its first round.
    func inRounds<T>(of size: Int, loop: ConcurrentLoop, progress: (Double) -> Bool,
                     _ work: (RowPiece) -> T, take: (T) throws(FileError) -> Void) throws(FileError) -> Bool {
        let size = Swift.max(1, size), count = self.count
        let pieces = count / size + (count % size == 0 ? 0 : 1)
        var done = 0
        while done < pieces {
            let round = Swift.min(pieces - done, loop.width)
            let first = done
            guard let results = loop.map(round, { k in
                let start = (first + k) * size
                return work(piece(start..<(start + Swift.min(size, count - start))))
            }) else { return false }
            for result in results { try take(result) }
            done += round
            guard progress(Double(done) / Double(pieces)) else { return false }
        }
        return true
    }

    /// ``inRounds(of:loop:progress:_:take:)`` of work that cannot fail.
    func inRounds<T>(of size: Int, loop: ConcurrentLoop, progress: (Double) -> Bool, _ work: (RowPiece) -> T, take: (T) -> Void) -> Bool {
        do {
            return try inRounds(of: size, loop: loop, progress: progress, work) { (result: T) throws(FileError) in take(result) }
        } catch {
            return false
        }
    }
}

/// Some consecutive positions of a ``RowSet``: their row numbers, read without copying them.
public struct RowPiece: RandomAccessCollection, Sendable {
    let offset: Int
    public let count: Int
    let rows: [UInt32]?

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of rows.
    public var endIndex: Int { count }

    /// The row number at position `i` of the piece; -1, a number no row has, outside the piece.
    public subscript(i: Int) -> Int {
        guard i >= 0, i < count else { return -1 }
        guard let rows else { return offset + i }
        return Int(rows[offset + i])
    }
}
