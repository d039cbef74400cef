import Scrollwork
import ScrollworkDatabase
import ScrollworkWidgets

/// The rows a database table screen shows, as the engine arranges them: the filters they meet,
/// their order, a table's rowids in that order (read in chunks in its own order), the pages read
/// of them, and the order the engine is making; with the keys of the work that reads them. Each
/// new arrangement is a new generation, and answers for an older one are dropped.
struct EngineRows {
    /// The rows read, a page at a time around what is on screen.
    var pages: PagedRows<[TableValue]>
    /// A table's rowids in the order shown (empty for a view), and whether all have come.
    var identities: [Int] = []
    var identitiesComplete = false
    /// The order shown: a column and whether ascending; nil for the table's own.
    var order: (column: Int, ascending: Bool)? = nil
    /// The filters every row shown meets (the engine's `WHERE`).
    var filters: [DatabaseTableScreen.Filter] = []
    /// The order and filters being applied by the engine (a nil column keeps the table's own
    /// order), and when they were asked for.
    var sorting: (column: Int?, ascending: Bool, filters: [DatabaseTableScreen.Filter], started: Double)? = nil
    /// The share of the order's rows received from the engine so far, once it sends them (it
    /// sorts first, saying nothing).
    var sortReceived: Double? = nil
    /// Bumped when the order changes, so that answers for the old one are dropped.
    var generation = 0
    let pageKey = WorkKey<DatabaseTableScreen.PageAnswer>("database-page")
    let chunkKey = WorkKey<DatabaseTableScreen.ChunkAnswer>("database-rowids")
    let sortKey = WorkKey<DatabaseTableScreen.SortAnswer>("database-sort")

    /// True for an update of its work.
    func owns(_ update: WorkUpdate) -> Bool {
        update.id.isSameFamily(as: pageKey.id) || update.id.isSameFamily(as: chunkKey.id) || update.id.isSameFamily(as: sortKey.id)
    }

    /// The work to cancel when the screen closes: every page asked for, the rowids, the order.
    var cancels: [WorkID] {
        pages.requested.map { pageKey.named(PagedRows<[TableValue]>.pageWorkName($0)).id } + [chunkKey.named("rowids").id, sortKey.named("sort").id]
    }
}
