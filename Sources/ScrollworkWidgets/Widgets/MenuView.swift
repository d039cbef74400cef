import Scrollwork

/// A context menu: a column of items opened at a point (where the right-click was, or the
/// focused row's corner for Shift+F10 and the Menu key), drawn over what lies beneath, kept
/// inside the area it is given (it opens up or to the left where below or to the right has no
/// room). One drawing for every host: a rounded panel with the items in the body type in a
/// window; a box of ╭─╮ with a row an item on a terminal.
///
/// ↑ ↓ Home End highlight, a letter highlights the next item that starts with it, Enter or Space
/// chooses, Esc closes (``MenuCommand/keys``); the pointer highlights the item under it, a click
/// on an item chooses it, and a press outside closes the menu (``PointerCommand/menu``).
/// A dimmed item and a separator cannot be chosen. The ``Reply`` of the event that chose an item
/// or dismissed the menu reports it (``MenuReport``); after it the menu is closed (``isOpen`` is false) and takes nothing more,
/// so that an owner holding it as a modal child can drop it.
public struct MenuView<Action: Sendable & Hashable>: Widget {
    /// The items, top to bottom.
    public var items: [MenuItem<Action>] { didSet { if let h = highlighted, !(items.indices.contains(h) && items[h].isChoosable) { highlighted = nil } } }
    /// Where the menu opened, in points: its top-leading corner when there is room.
    public var anchor: Point
    /// Styles: the panel in ``Theme/groupedRow``, the highlight in ``Theme/selection``, dimmed
    /// items and shortcuts in ``Theme/secondary``, the edge and separators in ``Theme/separator``.
    public var theme: Theme
    /// The idiom whose type the items are set in where a host draws in points.
    public var idiom: ScrollIdiom
    /// Which keys do what: ``MenuCommand/keys`` unless rebound.
    public var keys = MenuCommand.keys
    /// What clicks do: ``PointerCommand/menu`` unless rebound.
    public var gestures = PointerCommand.menu
    /// The highlighted item, if any: the one Enter chooses.
    public private(set) var highlighted: Int?
    /// False once an item was chosen or the menu was dismissed.
    public private(set) var isOpen = true
    /// The panel as last drawn, in points.
    public private(set) var frame = Rect.zero
    /// Each item's rectangle as last drawn, in points.
    public private(set) var itemFrames: [Rect] = []
    /// How far the items' text starts from the panel's leading edge, as last drawn.
    private var textInset = 0.0
    /// How far the items are moved up in a menu taller than its area, so that the highlighted
    /// one is drawn.
    private var scrolled = 0.0
    /// True once a press began inside the menu or the pointer moved over it: only then does a
    /// release choose (the release of the right-click that opened it does not).
    private var armed = false

    /// A menu of `items` opened at `anchor` (points). Opened from the keyboard
    /// (`highlightingFirst`), its first item that can be chosen is highlighted, as GTK does.
    public init(_ items: [MenuItem<Action>], at anchor: Point, theme: Theme = Theme(), idiom: ScrollIdiom = .macOS, highlightingFirst: Bool = false) {
        self.items = items
        self.anchor = anchor
        self.theme = theme
        self.idiom = idiom
        if highlightingFirst { highlighted = items.firstIndex(where: \.isChoosable) }
    }

    // MARK: Layout and drawing

    /// The sizes the menu is laid out with, on a grid or in points.
    private struct Metrics {
        var itemHeight: Double
        var separatorHeight: Double
        /// From the panel's edge to the text, across and down.
        var inset: (x: Double, y: Double)
        /// Between the longest title and the shortcuts.
        var gap: Double
        var radius: Double
    }

    /// GTK's menu in points; on a grid a row an item, the box's edge a cell all round and a
    /// space inside it.
    private func metrics(for canvas: Canvas, measurer m: TextMeasurer) -> Metrics {
        Metrics(itemHeight: canvas.down(points: (m.lineHeight(.body) + 6).rounded(.up), cells: 1), separatorHeight: canvas.down(points: 9, cells: 1),
                inset: (canvas.across(points: 14, cells: 2), canvas.down(points: 5, cells: 1)), gap: canvas.across(points: 24, cells: 2), radius: 6)
    }

    /// Lays the menu out at ``anchor`` inside `bounds` (standardized; bounds that are not
    /// finite draw nothing) and draws it.
    public mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        let bounds = bounds.standardized
        guard isOpen, !items.isEmpty, bounds.isFinite else { frame = .zero; itemFrames = []; return }
        let m = canvas.measurer(for: idiom)
        let s = metrics(for: canvas, measurer: m)
        let titles = items.map { m.width(of: $0.title, font: .body) }.max() ?? 0
        let shortcuts = items.map { m.width(of: $0.shortcut, font: .body) }.max() ?? 0
        let width = Swift.min(bounds.width, titles + (shortcuts > 0 ? s.gap + shortcuts : 0) + 2 * s.inset.x)
        let height = Swift.min(bounds.height, items.reduce(0) { $0 + ($1.isSeparator ? s.separatorHeight : s.itemHeight) } + 2 * s.inset.y)
        let panel = Rect(x: canvas.aligned(Self.place(anchor.x, length: width, within: bounds.minX...bounds.maxX)),
                         y: canvas.alignedRow(Self.place(anchor.y, length: height, within: bounds.minY...bounds.maxY)), width: width, height: height)
        var y = panel.minY + s.inset.y
        var rows = items.map { item in
            let h = item.isSeparator ? s.separatorHeight : s.itemHeight
            defer { y += h }
            return Rect(x: panel.minX, y: y, width: panel.width, height: h)
        }
        // Items past the area's height: moved up just enough that the highlighted one is drawn.
        let (top, bottom) = (panel.minY + s.inset.y, panel.maxY - s.inset.y)
        if let h = highlighted, rows.indices.contains(h) {
            if rows[h].maxY - scrolled > bottom { scrolled = rows[h].maxY - bottom }
            if rows[h].minY - scrolled < top { scrolled = rows[h].minY - top }
        }
        scrolled = scrolled.clamped(to: 0...Swift.max(0, (rows.last?.maxY ?? 0) - bottom))
        rows = rows.map { $0.offsetBy(dx: 0, dy: -scrolled) }
        (frame, itemFrames, textInset) = (panel, rows, s.inset.x)
        let (items, theme, frame, itemFrames, highlighted) = (items, theme, panel, rows, highlighted)
        canvas.dropShadow(frame, radius: s.radius)
        canvas.draw(frame, idiom: idiom) { c in
            c.fill(frame, theme.groupedRow, radius: s.radius)
            c.stroke(frame, theme.separator, width: 1, radius: s.radius)
            let inner = Rect(x: frame.minX + s.inset.x, y: frame.minY, width: Swift.max(0, frame.width - 2 * s.inset.x), height: frame.height)
            c.clipped(to: frame) { c in
                for (i, item) in items.enumerated() where itemFrames[i].maxY <= frame.maxY - s.inset.y + 0.001
                    && itemFrames[i].minY >= frame.minY + s.inset.y - 0.001 {
                    let row = itemFrames[i]
                    if item.isSeparator {
                        // On a grid, the row the separator's middle falls in; the box's edge cells left alone.
                        let mid = c.alignedRow(row.midY - c.down(points: 0, cells: 0.5))
                        let edge = c.across(points: 0, cells: 1)
                        c.line(from: Point(x: frame.minX + edge, y: mid), to: Point(x: frame.maxX - edge - 0.001, y: mid), theme.separator)
                        continue
                    }
                    var style = theme.groupedRow
                    style.foreground = theme.text.foreground
                    if i == highlighted {
                        style = theme.selection
                        let side = c.across(points: 5, cells: 1)
                        let band = Rect(x: row.minX + side, y: row.minY, width: row.width - 2 * side, height: row.height)
                        c.fill(band, style, radius: 4)
                    } else if !item.isEnabled {
                        style.foreground = theme.secondary.foreground
                        style.dim = theme.secondary.dim
                    }
                    let top = row.minY + (row.height - m.lineHeight(.body)) / 2
                    c.text(item.title, at: Point(x: inner.minX, y: top), width: inner.width, style: style)
                    if !item.shortcut.isEmpty {
                        var dim = style
                        if i != highlighted { dim.foreground = theme.secondary.foreground; dim.dim = theme.secondary.dim }
                        c.text(item.shortcut, at: Point(x: inner.minX, y: top), width: inner.width, style: dim, alignment: .trailing)
                    }
                }
            }
        }
    }

    /// Where a side of `length` starting at `at` goes within `range`: from `at` when it fits,
    /// else ending at `at` (opening up or to the left), else against the range's start.
    static func place(_ at: Double, length: Double, within range: ClosedRange<Double>) -> Double {
        let at = at.isFinite ? at : range.lowerBound
        if at + length <= range.upperBound { return Swift.max(range.lowerBound, at) }
        if at - length >= range.lowerBound { return at - length }
        return Swift.max(range.lowerBound, range.upperBound - length)
    }

    // MARK: Input

    /// Keys and the pointer, while open; every event is the menu's (it is modal). The reply
    /// reports the choice or the dismissal that closed the menu.
    public mutating func handle(_ event: Event, at time: Double) -> Reply<MenuReport<Action>> {
        guard isOpen else { return .ignored }
        switch event {
        case let .key(key):
            guard let command = keys.command(for: key) else { return .handled }
            return run(command)
        case let .mouse(mouse):
            return Reply(.handled, reports: handleMouse(mouse).map { [$0] } ?? [])
        case .paste:
            return .handled
        case .focus(false):
            return Reply(.handled, reports: [close(with: .dismissed)])
        case .focus(true), .resize, .work, .droppedFiles, .themeChanged:
            return .ignored
        }
    }

    /// Does what `command` says; the reply reports the choice or the dismissal that closed the
    /// menu (nothing is used once it is closed).
    public mutating func run(_ command: MenuCommand) -> Reply<MenuReport<Action>> {
        guard isOpen else { return .ignored }
        switch command {
        case let .step(forward): highlighted = step(from: highlighted, forward: forward, where: { _ in true })
        case let .end(last): highlighted = last ? items.lastIndex(where: \.isChoosable) : items.firstIndex(where: \.isChoosable)
        case .choose:
            if let h = highlighted, let action = items[h].action, items[h].isEnabled { return Reply(.handled, reports: [close(with: .chose(action))]) }
        case .dismiss: return Reply(.handled, reports: [close(with: .dismissed)])
        case let .typeSelect(c):
            let letter = c.lowercased()
            highlighted = step(from: highlighted, forward: true, where: { $0.title.lowercased().hasPrefix(letter) }) ?? highlighted
        }
        return .handled
    }

    /// The next item after `start` (before it when not `forward`), round the ends, that can be
    /// chosen and `matches`; nil when none does.
    private func step(from start: Int?, forward: Bool, where matches: (MenuItem<Action>) -> Bool) -> Int? {
        let count = items.count
        guard count > 0 else { return nil }
        var i = start ?? (forward ? -1 : count)
        for _ in 0..<count {
            i = ((forward ? i + 1 : i - 1) % count + count) % count
            if items[i].isChoosable && matches(items[i]) { return i }
        }
        return nil
    }

    /// Highlights, chooses or dismisses for `mouse`; returns the report when the menu closed.
    private mutating func handleMouse(_ mouse: MouseEvent) -> MenuReport<Action>? {
        // An item moved out of the panel is not under the pointer.
        let under = itemFrames.firstIndex { $0.contains(mouse.location) && frame.contains(Point(x: $0.minX, y: $0.midY)) }
        switch mouse.kind {
        case .move, .drag:
            if let under, items[under].isChoosable {
                highlighted = under
                armed = true
            } else if frame.contains(mouse.location) || mouse.kind == .move {
                highlighted = nil
            }
        case .press:
            guard frame.contains(mouse.location) else { return close(with: .dismissed) }
            armed = true
            highlighted = under.flatMap { items[$0].isChoosable ? $0 : nil }
        case .release:
            guard armed, let under, let action = items[under].action, items[under].isEnabled,
                  gestures.command(for: mouse)?.chooses == true else { return nil }
            return close(with: .chose(action))
        case .wheel:
            break
        }
        return nil
    }

    /// Closes the menu with `report`, and returns it.
    private mutating func close(with report: MenuReport<Action>) -> MenuReport<Action> {
        isOpen = false
        highlighted = nil
        return report
    }

    // MARK: The rest

    /// There while open.
    public var isPresent: Bool { isOpen }
    /// The menu has the keys while open.
    public var acceptsFocus: Bool { isOpen }
    /// The highlighted item's first character, where a screen reader that follows the cursor reads.
    public var cursorPosition: Point? {
        guard let h = highlighted, itemFrames.indices.contains(h) else { return frame == .zero ? nil : frame.origin }
        return Point(x: itemFrames[h].minX + textInset, y: itemFrames[h].minY)
    }
    /// A menu and its items: each item's name and shortcut, the highlighted one focused, a
    /// dimmed one disabled.
    public var accessibility: AccessibilityElement? {
        guard isOpen else { return nil }
        let children = items.indices.filter { !items[$0].isSeparator }.map { i in
            var state: AccessibilityElement.State = []
            if i == highlighted { state.insert(.focused) }
            if !items[i].isEnabled { state.insert(.disabled) }
            var item = AccessibilityElement(role: .menuItem, name: items[i].title, value: items[i].shortcut.isEmpty ? nil : items[i].shortcut,
                                            state: state, frame: itemFrames.indices.contains(i) ? itemFrames[i] : .zero)
            if items[i].isEnabled, itemFrames.indices.contains(i) { item.actions = [.click(at: itemFrames[i].center)] }
            return item
        }
        return AccessibilityElement(role: .menu, state: .focused, frame: frame, children: children)
    }
}
