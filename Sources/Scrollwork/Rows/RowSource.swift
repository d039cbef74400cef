/// Where a list's rows come from: a count and random access, nothing more.
///
/// A list never copies a source or walks it as a whole; it asks for the rows it shows. Ten
/// million generated rows cost nothing until they are on screen.
public protocol RowSource<Row> {
    /// The type of one row.
    associatedtype Row
    /// The number of rows.
    var count: Int { get }
    /// The row at `index`, for `0 ..< count`.
    func row(at index: Int) -> Row
    /// The rows in `range`, in order: what a sort reads its keys through, a batch at a time. A
    /// source that reads many rows faster together than one by one (a file, a database) says so
    /// here; by default each row is asked for on its own.
    func rows(in range: Range<Int>) -> [Row]
}

extension RowSource {
    /// Each row of `range` through ``row(at:)``, the range clipped to `0 ..< count` first (a
    /// range of any width, `Int.min ..< Int.max` included, reads only rows there are).
    @inlinable
    public func rows(in range: Range<Int>) -> [Row] {
        let range = range.clamped(to: 0..<Swift.max(0, count))
        // A counted loop, not `range.map`: in generic code that is not specialised, every step
        // through a range's Collection conformance looks its types up at run time.
        var rows: [Row] = []
        rows.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            rows.append(row(at: i))
            i += 1
        }
        return rows
    }
}

extension Array: RowSource {
    /// The array's element at `index`.
    public func row(at index: Int) -> Element { self[index] }
}

/// Rows made on demand by a closure: generated data, a database cursor, a file's lines.
///
/// ```swift
/// let million = GeneratedRows(count: 1_000_000) { i in "Row \(i)" }
/// ```
public struct GeneratedRows<Row>: RowSource, Sendable {
    /// The number of rows.
    public let count: Int
    @usableFromInline let make: @Sendable (Int) -> Row

    /// Rows `0 ..< count`, each made by `make` when asked for; a negative count is treated as 0.
    public init(count: Int, _ make: @escaping @Sendable (Int) -> Row) {
        self.count = Swift.max(0, count)
        self.make = make
    }

    /// Makes row `index`.
    @inlinable public func row(at index: Int) -> Row { make(index) }
}

/// Any sendable row source behind one type, so lists can hold sections of different kinds.
public struct AnyRowSource<Row>: RowSource, Sendable {
    @usableFromInline let counter: @Sendable () -> Int
    @usableFromInline let fetch: @Sendable (Int) -> Row
    @usableFromInline let fetchRange: @Sendable (Range<Int>) -> [Row]
    /// The wrapped source itself, for a reader that knows its type (a column that reads a
    /// file's bytes: ``TableColumn/sourceValues``).
    public let base: any Sendable

    /// Wraps `source`; it is held, never copied row by row. Inlinable, so that the closures it
    /// keeps are compiled where `Source` is known: reading a batch of rows for a sort then runs
    /// no generic code. A source that is already an `AnyRowSource` is taken as it is, not
    /// wrapped again: its ``base`` stays the source a column knows how to read (a file's rows),
    /// and rows are fetched through one closure, not two.
    @inlinable
    public init<Source: RowSource & Sendable>(_ source: Source) where Source.Row == Row {
        if let wrapped = source as? AnyRowSource<Row> {
            self = wrapped
            return
        }
        counter = { source.count }
        fetch = { source.row(at: $0) }
        fetchRange = { source.rows(in: $0) }
        base = source
    }

    /// The wrapped source's count.
    public var count: Int { counter() }
    /// The wrapped source's row.
    @inlinable public func row(at index: Int) -> Row { fetch(index) }
    /// The wrapped source's rows, read as it reads many.
    public func rows(in range: Range<Int>) -> [Row] { fetchRange(range) }
}
