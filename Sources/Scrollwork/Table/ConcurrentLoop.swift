/// How a host lends a job its cores: runs pieces `0..<count` of a loop, as many at once as it
/// has threads for, and returns when every piece has run. The core starts no thread of its own;
/// a sort reads a column's keys in pieces through the loop it is given.
public struct ConcurrentLoop: Sendable {
    /// How many pieces run at once (1 or more).
    public let width: Int
    private let perform: @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void

    /// A loop that runs up to `width` pieces at once (clamped to 1 … ``maximumWidth``) with
    /// `perform`, which must call `body` once for each of `0..<count` and return after the last
    /// has ended.
    public init(width: Int, perform: @escaping @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void) {
        self.width = Swift.min(Swift.max(1, width), Self.maximumWidth)
        self.perform = perform
    }

    /// The widest loop: more pieces at once than any machine has cores for would only cost each
    /// pass memory (a summary keeps a lane of tallies per piece running at once).
    public static var maximumWidth: Int { 1024 }

    /// The most pieces one ``map(_:_:)`` runs.
    public static var maximumPieces: Int { 1 << 20 }

    /// One piece after another, on the calling thread.
    public static let serial = ConcurrentLoop(width: 1) { count, body in
        for i in 0..<Swift.max(0, count) { body(i) }
    }

    /// Runs `body` for each of `0..<count`, as many at once as the loop runs, and returns their
    /// results in order; nil when the host's loop left a piece out, or for more than
    /// ``maximumPieces`` pieces (a caller splits its work into fewer). `body` may run on other
    /// threads at once: each call must touch only what is its own (its piece of a buffer, say).
    public func map<T>(_ count: Int, _ body: (Int) -> T) -> [T]? {
        guard count > 0 else { return [] }
        guard count <= Self.maximumPieces else { return nil }
        var results = [T?](repeating: nil, count: count)
        // Each piece writes its own slot only, through the buffer: no two touch the same memory,
        // and `body` reads only what it was given. The loop returns before either goes away.
        unsafe results.withUnsafeMutableBufferPointer { slots in
            withoutActuallyEscaping(body) { body in
                let shared = unsafe Unchecked((slots, body))
                perform(count) { i in
                    guard i >= 0, i < count else { return }
                    unsafe shared.value.0[i] = shared.value.1(i)
                }
            }
        }
        var all: [T] = []
        all.reserveCapacity(count)
        for result in results {
            guard let result else { return nil }
            all.append(result)
        }
        return all
    }
}

/// What the pieces of a ``ConcurrentLoop`` share, which the loop's own rules make safe: each
/// piece writes one slot, and the loop ends before the slots do.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
