import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// The rows a table screen shows, as its source arranges them: the filters they meet, their
/// order, their names in that order (read in chunks in the table's own order), the pages read
/// of them, and the order the source is making; with the keys of the work that reads them. Each
/// new arrangement is a new generation, and answers for an older one are dropped.
struct ShownRows {
    /// The rows read, a page at a time around what is on screen.
    var pages: PagedRows<[TableValue]>
    /// The row names in the order shown (none for a source read by position), and whether all have come.
    var identities = RowNames()
    var identitiesComplete = false
    /// The order shown: a column and whether ascending; nil for the table's own.
    var order: ColumnOrder? = nil
    /// The columns that order rows the first order ties (`--sort` given more than once), until
    /// another order is asked for.
    var thenBy: [ColumnOrder] = []
    /// The filters every row shown meets (an engine's `WHERE`).
    var filters: [TableScreen.Filter] = []
    /// The order and filters being applied by the source (a nil column keeps the table's own
    /// order), and when they were asked for.
    var sorting: (column: Int?, ascending: Bool, filters: [TableScreen.Filter], started: Double)? = nil
    /// The share of the order's rows received from the source so far, once it sends them (an
    /// engine sorts first, saying nothing).
    var sortReceived: Double? = nil
    /// Bumped when the order changes, so that answers for the old one are dropped.
    var generation = 0
    /// True once the columns were fitted to the first rows that came.
    var fitted = false
    /// The name of the row focused when a new order or new filters were asked for: focused
    /// again once the names in the new order show where it is (the same record, as a file's
    /// table keeps it); nil once found, gone, or the person moved on.
    var refocus: Int? = nil
    /// Following the end (F): rows added since are looked for every second and shown at the end.
    var following = EndFollowing()
    let pageKey = WorkKey<TableScreen.PageAnswer>("table-page")
    let chunkKey = WorkKey<TableScreen.ChunkAnswer>("table-rowids")
    let sortKey = WorkKey<TableScreen.SortAnswer>("table-sort")

    /// The name of the row at `position` in the order shown; nil past the names read, or for a
    /// source read by position.
    func name(at position: Int?) -> Int? {
        guard let position, identities.indices.contains(position) else { return nil }
        return identities[position]
    }

    /// The order shown as a source takes it.
    var orderedBy: [ColumnOrder] { order.map { [$0] + thenBy } ?? [] }

    /// True for an update of its work.
    func owns(_ update: WorkUpdate) -> Bool {
        update.id.isSameFamily(as: pageKey.id) || update.id.isSameFamily(as: chunkKey.id) || update.id.isSameFamily(as: sortKey.id)
            || update.id.isSameFamily(as: following.key.id)
    }

    /// The work to cancel when the screen closes: every page asked for, the rowids, the order.
    var cancels: [WorkID] {
        pages.requested.map { pageKey.named(PagedRows<[TableValue]>.pageWorkName($0)).id } + [chunkKey.named("rowids").id, sortKey.named("sort").id,
                                                                                                  following.key.named("growth").id]
    }
}

/// Following the end of a table whose rows are added to as it is shown (`F`, as `less +F`): the
/// rows after the last one read in the table's own order are asked for every second.
struct EndFollowing {
    /// True while following.
    var isOn = false
    /// The last row name read in the table's own order, in which names ascend: where rows added
    /// since begin.
    var lastName: Int? = nil
    /// When to look next, and whether a look is under way.
    var nextLook = 0.0
    var looking = false
    /// True when the last look read as many names as a look reads: more are there, read next.
    var moreToRead = false
    /// False after a look begun while the table still grew (its input coming or being indexed),
    /// until one begins after it settled: the rows found between the last look and the settling
    /// are read by that one. True from the start: a table that never grew is not looked at.
    var lookedSettled = true
    let key = WorkKey<TableScreen.GrowthAnswer>("table-growth")

    /// How often a followed table is looked at.
    static let interval = 1.0
    /// How often while standard input is coming: its lines show as they come.
    static let arrivingInterval = 0.1

    /// Takes `names`, read in the table's own order or arranged from all of its rows: the last
    /// of them, in which names ascend, is where rows added since begin.
    mutating func saw<Names: Collection<Int>>(_ names: Names) {
        guard let last = (names as? RowNames)?.largest ?? names.max() else { return }
        lastName = Swift.max(lastName ?? last, last)
    }
}
