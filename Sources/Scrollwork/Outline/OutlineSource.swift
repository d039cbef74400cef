/// A lazy tree for an outline: children are asked for only when their parent expands (LT-12).
public protocol OutlineSource {
    /// A node of the tree.
    associatedtype Node
    /// The number of children of `parent`, or of the roots when `parent` is nil.
    func childCount(of parent: Node?) -> Int
    /// Child `index` of `parent` (of the roots when nil).
    func child(of parent: Node?, at index: Int) -> Node
    /// How many nodes lie below `node` in all. Used only by "expand with all descendants"; the
    /// default walks the subtree, so a source that knows the number should say it.
    func descendantCount(of node: Node) -> Int
}

extension OutlineSource {
    /// Walks the subtree (O(subtree)); override when the count is known.
    public func descendantCount(of node: Node) -> Int {
        var total = 0
        for i in 0..<childCount(of: node) { total += 1 + descendantCount(of: child(of: node, at: i)) }
        return total
    }
}

/// A node's place in the tree: child indices from the roots down.
public typealias OutlinePath = [Int]

/// One visible row of an outline.
public struct OutlineRow<Node> {
    /// The node.
    public var node: Node
    /// Where it is in the tree.
    public var path: OutlinePath
    /// Its depth: 0 for roots.
    public var level: Int { path.count - 1 }
    /// True when it has children (draws ▸ or ▾).
    public var isExpandable: Bool
    /// True when its children are shown (▾).
    public var isExpanded: Bool
}

extension OutlineRow: Sendable where Node: Sendable {}
