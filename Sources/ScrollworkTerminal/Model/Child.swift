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
        isAnimating = { $0[keyPath: path].isAnimating }
        wakeTime = { $0[keyPath: path].wakeTime }
        frame = { $0[keyPath: path].frame }
        acceptsFocus = { $0[keyPath: path].acceptsFocus }
        isEditingText = { $0[keyPath: path].isEditingText }
        cursorPosition = { $0[keyPath: path].cursorPosition }
    }
}
