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
}
