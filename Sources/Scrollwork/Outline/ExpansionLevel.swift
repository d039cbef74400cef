/// The expanded part of one node's children, with the number of rows they show.
///
/// Only expanded nodes are stored. A `deep` level (a node expanded with all its descendants)
/// shows every descendant without storing them: its children count as expanded deep too,
/// unless listed in `collapsed`.
struct ExpansionLevel: Sendable, Hashable {
    var childCount: Int
    var deep: Bool
    /// Child index → that child's level, for children expanded individually or changed inside a
    /// deep level.
    var expanded: [Int: ExpansionLevel] = [:]
    /// Children of a deep level that were collapsed.
    var collapsed: Set<Int> = []
    /// Rows shown below this node.
    var visible: Int

    init(childCount: Int, deep: Bool = false, visible: Int? = nil) {
        self.childCount = childCount
        self.deep = deep
        self.visible = visible ?? childCount
    }

    var sortedKeys: [Int] { expanded.keys.sorted() }

    /// True when every child outside ``expanded`` shows one row: always for a level that is not
    /// deep; for a deep one, when its count says so (the children left are leaves, as the last
    /// level of a tree is). Such a level is searched by its expanded children alone, not child
    /// by child.
    var othersShowOneRowEach: Bool {
        guard deep else { return true }
        var rows = visible
        for level in expanded.values { rows = rows.subtractingSaturating(level.visible.addingSaturating(1)) }
        return rows == childCount - expanded.count
    }
}
