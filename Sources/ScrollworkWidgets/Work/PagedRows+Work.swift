import Scrollwork

extension PagedRows {
    /// The work that keeps the pages a view needs coming: for the rows shown, `visible`, and a
    /// screen ahead in the direction `velocity` points (points a second; faster than 1 either way
    /// counts as moving), a start for each page to load, made by `load` from the page and its rows, and a cancel for each
    /// page asked for earlier that scrolled away. Page `n`'s work is named ``pageWorkName(_:)``.
    public mutating func pageWork<Value>(visible: Range<Int>, velocity: Double, key: WorkKey<Value>, load: (_ page: Int, _ rows: Range<Int>) -> Work) -> [Effect] {
        guard !visible.isEmpty else { return [] }
        let plan = plan(visible: visible, direction: velocity > 1 ? 1 : (velocity < -1 ? -1 : 0))
        return plan.cancel.map { .work(.cancel(key.named(Self.pageWorkName($0)).id)) } + plan.load.map { .work(.start(load($0, rows(ofPage: $0)))) }
    }

    /// The name of page `page`'s work.
    public static func pageWorkName(_ page: Int) -> String { "page-\(page)" }
}
