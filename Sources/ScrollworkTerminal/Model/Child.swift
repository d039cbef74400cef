import Scrollwork

/// One child widget of a ``WidgetGroup``, reached through a key path into the group, so that the
/// group routes, ticks and draws it in place, without copying it into a box and back.
public struct Child<Root> {
    /// The child's identity: its key path. Capture and focus are kept by it.
    public let id: AnyKeyPath
    /// Routes an event to the child.
    public let handle: (inout Root, Event, Double) -> EventResult
    /// Lets the child stretch for an unused wheel turn.
    public let overscroll: (inout Root, MouseEvent, Double) -> Void
    /// Advances the child.
    public let tick: (inout Root, Double) -> Void
    /// Tells the child it came into view.
    public let appear: (inout Root, Double) -> Void
    /// The child's ``Widget/isAnimating``.
    public let isAnimating: (Root) -> Bool
    /// The child's ``Widget/wakeTime``.
    public let wakeTime: (Root) -> Double?
    /// The child's ``Widget/frame``.
    public let frame: (Root) -> CellRect
    /// The child's ``Widget/acceptsFocus``.
    public let acceptsFocus: (Root) -> Bool
    /// The child's ``Widget/isEditingText``.
    public let isEditingText: (Root) -> Bool
    /// The child's ``Widget/cursorPosition``.
    public let cursorPosition: (Root) -> CellPosition?

    /// The widget at `path`.
    public init<W: Widget>(_ path: WritableKeyPath<Root, W>) {
        id = path
        handle = { root, event, time in root[keyPath: path].handle(event, at: time) }
        overscroll = { root, mouse, time in root[keyPath: path].overscroll(mouse, at: time) }
        tick = { root, time in root[keyPath: path].tick(at: time) }
        appear = { root, time in root[keyPath: path].appear(at: time) }
        let read = InPlaceRead(path)
        isAnimating = { read($0) { $0.pointee.isAnimating } }
        wakeTime = { read($0) { $0.pointee.wakeTime } }
        frame = { read($0) { $0.pointee.frame } }
        acceptsFocus = { read($0) { $0.pointee.acceptsFocus } }
        isEditingText = { read($0) { $0.pointee.isEditingText } }
        cursorPosition = { read($0) { $0.pointee.cursorPosition } }
    }
}

/// Reads a property of the widget at a key path where it lies, without copying it: reading
/// through a key path returns the whole widget, which copies every row and buffer it holds.
private struct InPlaceRead<Root, W> {
    let path: WritableKeyPath<Root, W>
    /// Where the widget lies inside `Root`, when the path is a chain of stored properties.
    let offset: Int?

    init(_ path: WritableKeyPath<Root, W>) {
        self.path = path
        offset = MemoryLayout<Root>.offset(of: path)
    }

    func callAsFunction<T>(_ root: Root, _ body: (UnsafePointer<W>) -> T) -> T {
        guard let offset else { return withUnsafePointer(to: root[keyPath: path], body) }
        return withUnsafePointer(to: root) { base in
            body(UnsafeRawPointer(base).advanced(by: offset).assumingMemoryBound(to: W.self))
        }
    }
}
