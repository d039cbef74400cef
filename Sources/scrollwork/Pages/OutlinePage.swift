import Scrollwork
import ScrollworkTerminal

/// A lazy tree of a million nodes: expand and collapse one node or a node with all below it.
struct OutlinePage: GalleryPage {
    static let title = "Outline"
    static let guidelines = ["LT-01", "LT-12"]
    static let help = [
        "→ expands a node or moves to its first child; ← collapses it or moves to its parent.",
        "Alt+→ (or Alt+click on ▸) expands a node with everything below it, at once: a region opens",
        "100,100 rows (100 areas of 1,000 items); on all ten regions the tree shows all 1,001,010 nodes.",
        "↑ ↓ PgUp PgDn move; click ▸ ▾ to expand or collapse; wheel or drag to scroll.",
    ]

    var style: GalleryStyle
    var outline = OutlineState(source: GeneratedTree())
    var capture: PointerCapture? = nil
    var rect = CellRect(column: 0, row: 0, columns: 0, rows: 0)

    init(style: GalleryStyle) {
        self.style = style
        outline.scroll = style.idiom.scrollState(viewport: .zero, content: .zero)
        try? outline.expand([0])
        try? outline.setCursor([0])
    }

    var status: String {
        var s = "\(grouped(outline.numberOfRows)) visible rows of 1,001,010 nodes"
        if let c = outline.cursor { s += " · " + GeneratedTree.title(c) }
        return s
    }

    var isAnimating: Bool { outline.scroll.isAnimating }
    var wakeTime: Double? { outline.scroll.wakeTime }

    mutating func appear(at time: Double) { try? outline.scroll.flashIndicators(at: time) }

    mutating func tick(at time: Double) { outline.scroll.tick(at: time) }

    mutating func draw(into buffer: inout Buffer, area: CellRect, at time: Double) {
        rect = area
        let widget = OutlineWidget(theme: style.theme)
        widget.layout(&outline, in: area)
        widget.draw(outline, in: area, into: &buffer) { GeneratedTree.title($0) }
    }

    mutating func handle(_ event: Event, in area: CellRect, at time: Double) -> Bool {
        switch event {
        case let .mouse(mouse):
            OutlineWidget(theme: style.theme).handle(mouse, in: area, outline: &outline, capture: &capture, at: time)
            return true
        case let .key(key):
            switch key.key {
            case .right where key.modifiers.contains(.alt):
                if let c = outline.cursor { try? outline.expand(c, descendants: true) }
            case .right: try? outline.moveRight()
            case .left: try? outline.moveLeft()
            case .up: outline.moveCursor(by: -1)
            case .down: outline.moveCursor(by: 1)
            case .pageUp: outline.moveCursor(by: -max(1, rect.rows - 1))
            case .pageDown: outline.moveCursor(by: max(1, rect.rows - 1))
            case .home: outline.moveCursor(by: -outline.numberOfRows)
            case .end: outline.moveCursor(by: outline.numberOfRows)
            case .enter: if let c = outline.cursor { try? outline.toggle(c) }
            default: return false
            }
            return true
        default:
            return false
        }
    }
}
