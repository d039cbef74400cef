/// The names of the rows a screen shows, in the order shown: a run of consecutive names while
/// they come so (a file in its own order: ten million names in no memory, where a list took
/// 80 MB, and 520 million in a 10 GB Parquet file 4 GB), a list once a name breaks the run (a
/// sort, a filter).
struct RowNames: RandomAccessCollection, Sendable, Equatable {
    /// The names while they run on from one to the next.
    private var run: Range<Int> = 0..<0
    /// The names once they do not; nil while they run.
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

    var startIndex: Int { 0 }
    var endIndex: Int { list?.count ?? run.count }

    subscript(position: Int) -> Int { list.map { $0[position] } ?? run.lowerBound + position }

    /// The largest name, found at once for a run.
    var largest: Int? { list.map { $0.max() } ?? (run.isEmpty ? nil : run.upperBound - 1) }

    /// True while the names are the run from 0: the rows in their own order, every one.
    var isLeadingRun: Bool { list == nil && run.lowerBound == 0 }

    /// Appends `names` (kept a run while each follows the one before).
    mutating func append<Names: Collection<Int>>(contentsOf names: Names) {
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
        if list == nil, more.list == nil, run.isEmpty || more.run.isEmpty || run.upperBound == more.run.lowerBound {
            if !more.run.isEmpty { run = (run.isEmpty ? more.run.lowerBound : run.lowerBound)..<more.run.upperBound }
            return
        }
        append(contentsOf: more.list ?? Array(more.run))
    }

    static func += <Names: Collection<Int>>(names: inout RowNames, more: Names) { names.append(contentsOf: more) }

    static func += (names: inout RowNames, more: RowNames) { names.append(contentsOf: more) }
}
