import Scrollwork
import ScrollworkWidgets

/// A lazy tree of a million nodes: expand and collapse one node or a node with all below it.
struct OutlinePage: GalleryPage {
    static let title = "Outline"
    static let guidelines = ["LT-01", "LT-12"]
    static let help = [
        "Expanding a node with everything below it (or Alt+click on ▸) opens it at once: a region opens",
        "100,100 rows (100 areas of 1,000 items); on all ten regions the tree shows all 1,001,010 nodes.",
        "A click on ▸ ▾ expands or collapses; wheel or drag to scroll.",
    ]

    /// The outline's keys: the page adds none.
    static var keys: KeyHelp { OutlineCommand.keys.help }

    var tree: OutlineView<GeneratedTree>
    var routing = Routing()
    /// What the page itself asks of the host during an event (nothing yet: its children ask).
    var effects: [Effect] = []
    var frame = Rect.zero
    var failure: String? = nil

    init(style: GalleryStyle) {
        var outline = OutlineState(source: GeneratedTree())
        outline.scroll = style.scrollState()
        do {
            try outline.expand([0])
            try outline.setCursor([0])
        } catch { failure = "\(error)" }
        tree = OutlineView(outline, theme: style.theme) { GeneratedTree.title($0) }
        tree.layoutIdiom = style.idiom
    }

    var children: [Child<Self>] { [Child(\.tree)] }

    var status: String {
        var parts = ["\(grouped(tree.outline.numberOfRows)) visible rows of 1,001,010 nodes"]
        if let c = tree.outline.cursor { parts.append(GeneratedTree.title(c)) }
        if let failure { parts.append(failure) }
        return parts.joined(separator: " · ")
    }

    mutating func render(in bounds: Rect, into canvas: inout Canvas, at time: Double) {
        frame = bounds
        tree.render(in: bounds, into: &canvas, at: time)
    }

    mutating func collect(_ reply: Reply<ChildReport>, at time: Double) {
        if let message = errorNote(reply.errors) { failure = message }
    }
}

extension OutlinePage {
    /// Draws in `theme` from now on.
    mutating func retheme(_ theme: Theme) { tree.theme = theme }
}
