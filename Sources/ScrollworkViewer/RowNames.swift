import ScrollworkFiles

/// The names of the rows a screen shows, in the order shown: a run of consecutive names while
/// they come so (a file in its own order: ten million names in no memory, where a list took
/// 80 MB, and 520 million in a 10 GB Parquet file 4 GB), the order a source arranged (a sort, a
/// filter: four bytes a name, or a temporary file when the sort spilled), and a list once names
/// are added to either.
struct RowNames: RandomAccessCollection, Sendable, Equatable {
    /// The names while they run on from one to the next.
    private var run: Range<Int> = 0..<0
    /// The names a source arranged; nil while they run or once they are a list.
    private var arranged: RowOrder? = nil
    /// The names once they neither run nor are as arranged; nil until then.
    private var list: [Int]? = nil

    /// No names.
    init() {}

    /// The names of `run`.
    init(run: Range<Int>) { self.run = run }

    /// `names`, kept as a run where they make one.
    init(_ names: [Int]) {
        self.init()
        append(contentsOf: names)
    }

    /// The names a source arranged, kept as it keeps them.
    init(_ order: RowOrder) { arranged = order }

    var startIndex: Int { 0 }
    var endIndex: Int { list?.count ?? arranged?.count ?? run.count }

    subscript(position: Int) -> Int {
        if let list { return list[position] }
        if let arranged { return arranged[position] }
        return run.lowerBound + position
    }

    /// The names in order; an arranged order's read a block at a time, not a name a read.
    func makeIterator() -> Iterator {
        if let list { return Iterator(source: .list(list.makeIterator())) }
        if let arranged { return Iterator(source: .arranged(arranged.makeIterator())) }
        return Iterator(source: .run(run.makeIterator()))
    }

    /// Reads the names in order, each kind of them its own way.
    struct Iterator: IteratorProtocol {
        enum Source {
            case run(Range<Int>.Iterator)
            case list(IndexingIterator<[Int]>)
            case arranged(RowOrder.Iterator)
        }

        var source: Source

        mutating func next() -> Int? {
            switch source {
            case var .run(names):
                defer { source = .run(names) }
                return names.next()
            case var .list(names):
                defer { source = .list(names) }
                return names.next()
            case var .arranged(names):
                defer { source = .arranged(names) }
                return names.next()
            }
        }
    }

    /// The names at `range` (clamped to them), a spooled order read a block at a time.
    ///
    /// - Throws: `TableSourceError` when an order kept in a temporary file cannot be read back.
    func names(in range: Range<Int>) throws(TableSourceError) -> [Int] {
        let range = range.clamped(to: 0..<count)
        if let list { return Array(list[range]) }
        if let arranged { return try arranged.names(in: range) }
        return Array((run.lowerBound + range.lowerBound)..<(run.lowerBound + range.upperBound))
    }

    /// The names as a source takes them.
    var order: RowOrder {
        if let list { return RowOrder(list) }
        return arranged ?? RowOrder(run: run)
    }

    /// The largest name, found at once for a run or an arranged order.
    var largest: Int? {
        if let list { return list.max() }
        if let arranged { return arranged.largest }
        return run.isEmpty ? nil : run.upperBound - 1
    }

    /// True while the names are the run from 0: the rows in their own order, every one.
    var isLeadingRun: Bool { list == nil && arranged == nil && run.lowerBound == 0 }

    /// Appends `names` (kept a run while each follows the one before).
    mutating func append<Names: Collection<Int>>(contentsOf names: Names) {
        if let order = arranged {
            // Rows added to an arranged order (a followed table grew): the order becomes a list.
            list = Array(order)
            arranged = nil
        }
        if list != nil {
            list?.append(contentsOf: names)
            return
        }
        var rest = names[...]
        // A run ends below Int.max: that name (none a source gives) starts a list.
        while let name = rest.first, name < Int.max, run.isEmpty || name == run.upperBound {
            run = (run.isEmpty ? name : run.lowerBound)..<name + 1
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty else { return }
        var made = Array(run)
        made.append(contentsOf: rest)
        list = made
    }

    /// Appends `more`: a run that follows this one joins it at once (520,000,000 names at a time
    /// went one by one).
    mutating func append(contentsOf more: RowNames) {
        if list == nil, arranged == nil, more.list == nil, more.arranged == nil,
           run.isEmpty || more.run.isEmpty || run.upperBound == more.run.lowerBound {
            if !more.run.isEmpty { run = (run.isEmpty ? more.run.lowerBound : run.lowerBound)..<more.run.upperBound }
            return
        }
        if isEmpty, more.arranged != nil {
            self = more
            return
        }
        append(contentsOf: more.list ?? more.arranged.map(Array.init) ?? Array(more.run))
    }

    static func += <Names: Collection<Int>>(names: inout RowNames, more: Names) { names.append(contentsOf: more) }

    static func += (names: inout RowNames, more: RowNames) { names.append(contentsOf: more) }
}
