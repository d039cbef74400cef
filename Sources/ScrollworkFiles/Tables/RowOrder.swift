/// The names of the rows a source arranged (``TableSource/rowNames(where:orderedBy:progress:)``),
/// in their order, kept as compactly as they allow: a list, four bytes a name where every name
/// fits in 32 bits, or a temporary file when a sort had more rows than it holds in memory (the
/// 200,000,000 rows of a gigabyte of Parquet are 1.6 GB of names as a list).
///
/// Read a few thousand at a time with ``names(in:)``; a position outside the order reads as -1,
/// the name of no row.
public struct RowOrder: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral, CustomStringConvertible {
    private enum Storage: Sendable {
        case run(Range<Int>)
        case list([Int])
        case narrow([UInt32])
        case spooled(SpooledWords)
    }

    private let storage: Storage
    /// How many names there are.
    public let count: Int
    /// The largest name, nil for none: where rows added to the table since begin.
    public let largest: Int?

    private init(storage: Storage, count: Int, largest: Int?) {
        self.storage = storage
        self.count = count
        self.largest = largest
    }

    /// `names`, four bytes each where they all fit in 32 bits.
    public init(_ names: [Int]) {
        if names.allSatisfy({ $0 >= 0 && $0 <= Int(UInt32.max) }) {
            self.init(narrow: names.map { UInt32(truncatingIfNeeded: $0) })
        } else {
            self.init(storage: .list(names), count: names.count, largest: names.max())
        }
    }

    /// The names of `run`, in its order: a table's rows in their own order, in no memory. A run
    /// of more than `Int.max` names is cut to its first `Int.max`.
    public init(run: Range<Int>) {
        let length = run.upperBound.subtractingReportingOverflow(run.lowerBound)
        let run = length.overflow ? run.lowerBound..<run.lowerBound + Int.max : run
        self.init(storage: .run(run), count: run.count, largest: run.isEmpty ? nil : run.upperBound - 1)
    }

    /// The names listed.
    public init(arrayLiteral names: Int...) { self.init(names) }

    /// Names that fit in 32 bits, as they are.
    init(narrow names: [UInt32]) {
        self.init(storage: .narrow(names), count: names.count, largest: names.max().map { Int($0) })
    }

    /// The names in a finished temporary file, a word each, the largest of them `largest`.
    init(spooled names: SpooledWords, largest: Int?) {
        self.init(storage: .spooled(names), count: names.count, largest: largest)
    }

    /// The names, when they are a run of consecutive ones (rows in their own order).
    var run: Range<Int>? {
        if case let .run(names) = storage { return names }
        return nil
    }

    /// True when the names are kept in a temporary file.
    var isSpooled: Bool {
        if case .spooled = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The name at `position`; -1 outside the order (or where a spooled order's file cannot be
    /// read back, which only a failing disk does).
    public subscript(position: Int) -> Int {
        guard position >= 0, position < count else { return -1 }
        switch storage {
        case let .run(run): return run.lowerBound + position
        case let .list(names): return names[position]
        case let .narrow(names): return Int(names[position])
        case let .spooled(words):
            // A name that cannot be read back names no row: the row reads as missing values.
            do { return try words.words(in: position..<position + 1).first.map { Int(truncatingIfNeeded: $0) } ?? -1 } catch { return -1 }
        }
    }

    /// The most names ``names(in:)`` reads at once (512 MB of them).
    public static let mostNamesRead = 1 << 26

    /// The names at `range`, clamped to the order: a spooled order read a block at a time.
    ///
    /// - Throws: ``TableSourceError/unsupported(_:)`` for more than ``mostNamesRead`` names (a
    ///   run of a billion rows is read in pieces); ``TableSourceError/failed(_:)`` when a spooled
    ///   order's temporary file cannot be read back.
    public func names(in range: Range<Int>) throws(TableSourceError) -> [Int] {
        let range = range.clamped(to: 0..<count)
        guard range.count <= Self.mostNamesRead else {
            throw .unsupported("\(range.count) names were asked for at once; at most \(Self.mostNamesRead) are read at a time")
        }
        switch storage {
        case let .run(run): return Array((run.lowerBound + range.lowerBound)..<(run.lowerBound + range.upperBound))
        case let .list(names): return Array(names[range])
        case let .narrow(names): return names[range].map { Int($0) }
        case let .spooled(words): return try words.words(in: range).map { Int(truncatingIfNeeded: $0) }
        }
    }

    /// The names a block at a time, so that a spooled order is read in blocks, not a name a read.
    public func makeIterator() -> Iterator { Iterator(order: self) }

    /// Reads an order's names a block at a time.
    public struct Iterator: IteratorProtocol {
        let order: RowOrder
        private var block: [Int] = []
        private var position = 0, blockStart = 0

        init(order: RowOrder) { self.order = order }

        /// The next name; -1 for each name of a block a spooled order could not read back.
        public mutating func next() -> Int? {
            guard position < order.count else { return nil }
            if position - blockStart >= block.count {
                blockStart = position
                let range = position..<Swift.min(order.count, position + SpooledWords.blockWords)
                do { block = try order.names(in: range) } catch { block = Array(repeating: -1, count: range.count) }
            }
            defer { position += 1 }
            return block[position - blockStart]
        }
    }

    /// True when both hold the same names in the same order.
    public static func == (a: RowOrder, b: RowOrder) -> Bool {
        guard a.count == b.count else { return false }
        if case let .spooled(x) = a.storage, case let .spooled(y) = b.storage, x === y { return true }
        return a.elementsEqual(b)
    }

    /// The count and the first names ("12 names: [3, 0, 7, …]"): an order of millions is not
    /// printed whole.
    public var description: String {
        let shown: [Int]
        do { shown = try names(in: 0..<8) } catch { return "\(count) names (\(error))" }
        return "\(count) names: [" + shown.map(String.init).joined(separator: ", ") + (count > shown.count ? ", …]" : "]")
    }
}
