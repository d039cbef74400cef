import PropertyBased
import Testing
@testable import Scrollwork

/// A tree whose level `d` nodes each have `branching[d]` children; nodes are their paths.
struct UniformTree: OutlineSource, Sendable {
    var branching: [Int]
    var counter: FetchCounter? = nil

    func childCount(of parent: OutlinePath?) -> Int {
        let depth = parent?.count ?? 0
        return depth < branching.count ? branching[depth] : 0
    }

    func child(of parent: OutlinePath?, at index: Int) -> OutlinePath {
        counter?.fetched.withLock { $0 += 1 }
        return (parent ?? []) + [index]
    }

    func descendantCount(of node: OutlinePath) -> Int {
        var total = 0, level = 1
        for d in node.count..<branching.count { level *= branching[d]; total += level }
        return total
    }
}

/// The reference: which paths are expanded, and a plain preorder walk.
struct OutlineReference {
    var tree: UniformTree
    var expanded: Set<OutlinePath> = []

    mutating func expand(_ path: OutlinePath, deep: Bool) {
        guard tree.childCount(of: path) > 0 else { return }
        for n in 1..<path.count { expanded.insert(Array(path.prefix(n))) }
        expanded.insert(path)
        if deep { for d in descendants(path) where tree.childCount(of: d) > 0 { expanded.insert(d) } }
    }

    mutating func collapse(_ path: OutlinePath) {
        guard expanded.contains(path) else { return }
        expanded = expanded.filter { !($0.count >= path.count && Array($0.prefix(path.count)) == path) }
    }

    func descendants(_ path: OutlinePath) -> [OutlinePath] {
        (0..<tree.childCount(of: path)).flatMap { i -> [OutlinePath] in [path + [i]] + descendants(path + [i]) }
    }

    func rows() -> [OutlinePath] {
        func walk(_ parent: OutlinePath?) -> [OutlinePath] {
            (0..<tree.childCount(of: parent)).flatMap { i -> [OutlinePath] in
                let p = (parent ?? []) + [i]
                return [p] + (expanded.contains(p) ? walk(p) : [])
            }
        }
        return walk(nil)
    }
}

@Suite struct OutlineStateTests {
    @Test("LT-12: expanding and collapsing shows and hides children with triangles and indentation")
    func LT_12_expandCollapse() throws {
        var o = OutlineState(source: UniformTree(branching: [3, 2, 2]))
        #expect(o.numberOfRows == 3)
        #expect(o.row(at: 0)?.isExpandable == true && o.row(at: 0)?.isExpanded == false)
        try o.expand([1])
        #expect(o.numberOfRows == 5)
        #expect(o.rows(in: 0..<5).map(\.path) == [[0], [1], [1, 0], [1, 1], [2]])
        #expect(o.row(at: 1)?.isExpanded == true)
        #expect(o.row(at: 2)?.level == 1 && o.indent(forLevel: 1) == 16)
        try o.collapse([1])
        #expect(o.numberOfRows == 3)
        #expect(throws: OutlineError.invalidPath([5])) { try o.expand([5]) }
        let leaf = try #require(OutlineState(source: UniformTree(branching: [1])).row(at: 0))
        #expect(!leaf.isExpandable)
    }

    @Test("LT-12: a node expands with all its descendants, and collapses with them")
    func LT_12_expandWithDescendants() throws {
        let tree = UniformTree(branching: [2, 3, 2])
        var o = OutlineState(source: tree)
        try o.expand([0], descendants: true)
        var reference = OutlineReference(tree: tree)
        reference.expand([0], deep: true)
        #expect(o.rows(in: 0..<o.numberOfRows).map(\.path) == reference.rows())
        try o.collapse([0, 1])
        reference.collapse([0, 1])
        #expect(o.rows(in: 0..<o.numberOfRows).map(\.path) == reference.rows())
        try o.collapse([0])
        #expect(o.numberOfRows == 2)
    }

    @Test("LT-12: expanding a node with a million descendants costs the rows shown, not the subtree")
    func LT_12_millionDescendants() throws {
        let counter = FetchCounter()
        var o = OutlineState(source: UniformTree(branching: [1, 1000, 1000], counter: counter))
        o.rowHeight = 16
        o.setViewport(Size(width: 640, height: 640))
        try o.expand([0], descendants: true)
        #expect(o.numberOfRows == 1 + 1000 + 1_000_000)
        #expect(o.scroll.contentSize.height == Double(o.numberOfRows) * 16)
        let before = counter.count
        let rows = o.visibleRows(overscan: 0)
        #expect(rows.map(\.row.path) == [[0]] + [[0, 0]] + (0..<38).map { [0, 0, $0] })
        // A few nodes per row (the path down, and the siblings before it in a deep level), never
        // anything near the million rows below.
        #expect(counter.count - before < 2000)
        // A screen deep inside the tree: one search for its first row (through at most a
        // thousand siblings), then a step a row; searching for each row would fetch ~20,000.
        try o.scroll.setOffset(Point(x: 0, y: 500_000 * 16), time: 0)
        let middle = counter.count
        let deep = o.visibleRows(overscan: 0)
        #expect(deep.count == 40 && deep.first?.index == 500_000)
        #expect(counter.count - middle < 1_200)
        // The range a host draws from is the same rows, with and without overscan.
        #expect(o.visibleRowRange(overscan: 0) == 500_000..<500_040 && o.visibleRows(overscan: 3).map(\.index) == Array(o.visibleRowRange(overscan: 3)))
        #expect(o.rows(in: o.visibleRowRange(overscan: 0)).map(\.path) == deep.map(\.row.path))
        // Row 500,000 by arithmetic: after the root, each child takes 1001 rows.
        let r = try #require(o.row(at: 500_000))
        let inside = 500_000 - 1
        #expect(r.path == [0, inside / 1001, inside % 1001 - 1])
        // Expanding one node with a million children asks for none of them (only the nodes on
        // its path).
        let wide = FetchCounter()
        var flat = OutlineState(source: UniformTree(branching: [1, 1_000_000], counter: wide))
        try flat.expand([0])
        #expect(flat.numberOfRows == 1_000_001)
        #expect(wide.count < 10)
    }

    @Test("LT-12: in a level of leaves expanded with its parent's descendants, a row is found by arithmetic, not by asking for the leaves before it")
    func LT_12_leafLevelByArithmetic() throws {
        let counter = FetchCounter()
        var o = OutlineState(source: UniformTree(branching: [1, 2, 100_000], counter: counter))
        o.rowHeight = 16
        o.setViewport(Size(width: 640, height: 640))
        try o.expand([0], descendants: true)
        // One leaf collapsed (nothing changes: it has no children) keeps the level deep.
        try o.collapse([0, 1, 5])
        let before = counter.count
        // Rows: the root, the first area and its 100,000 leaves, the second area (row 100,002),
        // then its leaves: row 150,000 is its leaf 49,997.
        let r = try #require(o.row(at: 150_000))
        #expect(r.path == [0, 1, 49_997])
        #expect(o.flatIndex(of: [0, 1, 49_997]) == 150_000)
        try o.scroll.setOffset(Point(x: 0, y: 150_000 * 16), time: 0)
        #expect(o.visibleRows(overscan: 0).first?.row.path == [0, 1, 49_997])
        // Searching leaf by leaf would ask for about 150,000 nodes.
        #expect(counter.count - before < 100)
    }

    @Test("LT-12: right expands or enters the first child; left collapses or goes to the parent")
    func LT_12_keyboard() throws {
        var o = OutlineState(source: UniformTree(branching: [2, 2, 2]))
        o.setViewport(Size(width: 320, height: 320))
        try o.moveRight()
        #expect(o.cursor == [0])
        try o.moveRight()
        #expect(o.isExpanded([0]) && o.cursor == [0])
        try o.moveRight()
        #expect(o.cursor == [0, 0])
        o.moveCursor(by: 1)
        #expect(o.cursor == [0, 1])
        try o.moveLeft()
        #expect(o.cursor == [0])
        try o.moveLeft()
        #expect(!o.isExpanded([0]))
        o.moveCursor(by: 1)
        #expect(o.cursor == [1])
        #expect(o.flatIndex(of: [1]) == 1)
    }

    @Test("LT-12: the row at the top stays there when rows above it expand")
    func LT_12_anchoring() throws {
        var o = OutlineState(source: UniformTree(branching: [50, 10]))
        o.rowHeight = 16
        o.setViewport(Size(width: 320, height: 160))
        try o.scroll.setOffset(Point(x: 0, y: 20 * 16), time: 0)
        #expect(o.visibleRows(overscan: 0).first?.row.path == [20])
        try o.expand([3])
        #expect(o.visibleRows(overscan: 0).first?.row.path == [20])
        try o.collapse([3])
        #expect(o.visibleRows(overscan: 0).first?.row.path == [20])
    }

    /// Random expansions and collapses, shallow and deep, always show exactly the rows of a
    /// plain preorder walk, none lost or doubled.
    @Test("LT-01, LT-12: random expand and collapse agree with a reference walk")
    func LT_01_LT_12_property() async {
        let tree = UniformTree(branching: [3, 3, 2, 2])
        let op = zip(Gen.int(in: 0...2), Gen.int(in: 0...2).array(of: 1...4), Gen.bool)
        await propertyCheck(count: 200, input: op.array(of: 1...30)) { ops in
            var o = OutlineState(source: tree)
            var reference = OutlineReference(tree: tree)
            for (kind, rawPath, deep) in ops {
                let path = rawPath.enumerated().map { min($1, tree.branching[$0] - 1) }
                if kind == 0 { try o.expand(path, descendants: deep); reference.expand(path, deep: deep) }
                else { try o.collapse(path); reference.collapse(path) }
                let expected = reference.rows()
                #expect(o.numberOfRows == expected.count)
                #expect(o.rows(in: 0..<o.numberOfRows).map(\.path) == expected)
                // Every row's path leads back to its index.
                #expect(expected.indices.allSatisfy { o.flatIndex(of: expected[$0]) == $0 })
                // Rows stepped to from any start are the rows found one by one.
                for start in stride(from: 0, to: o.numberOfRows, by: 7) {
                    let end = min(o.numberOfRows, start + 9)
                    #expect(o.rows(in: start..<end).map(\.path) == (start..<end).compactMap { o.row(at: $0)?.path })
                }
            }
        }
    }
}

/// Type-ahead in an outline, as in a Finder list.
@Suite struct OutlineTypeAheadTests {
    /// A row's title: its path written out ("1.0" for the first child of the second root).
    static func title(_ path: OutlinePath) -> String { path.map(String.init).joined(separator: ".") }

    @Test("LT-12: the first visible row from the top whose title starts with what is typed gets the cursor and is scrolled to; rows in collapsed nodes are not looked at; a pause starts a new name")
    func firstVisibleMatch() throws {
        var o = OutlineState(source: UniformTree(branching: [30, 3]))
        o.rowHeight = 1
        o.scroll = ScrollState(viewport: Size(width: 10, height: 5), content: .zero)
        o.setViewport(Size(width: 10, height: 5))
        var typed = TypeAheadState()
        #expect(o.typeAhead("1", state: &typed, at: 0, title: Self.title).path == [1])
        #expect(o.typeAhead("2", state: &typed, at: 0.5, title: Self.title).path == [12] && o.cursor == [12])
        #expect(o.scroll.offset.y > 0, "scrolled to row 12")
        // Collapsed: "12.1" is not shown, so nothing starts with it and the cursor stays.
        let none = o.typeAhead(".", state: &typed, at: 0.9, title: Self.title)
        #expect(none.path == nil && o.cursor == [12] && none.method == .scan(limit: 30))
        try o.expand([12])
        #expect(o.typeAhead("2", state: &typed, at: 5, title: Self.title).path == [2], "a new name after a pause")
        #expect(o.typeAhead("12.", state: &typed, at: 10, title: Self.title).path == [12, 0])
        #expect(o.typeAhead("x", state: &typed, at: .nan, title: Self.title).path == nil && o.cursor == [12, 0])
    }
}
