#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkTestSupport
import ScrollworkPixels
@testable import ScrollworkWidgets
import ScrollworkTerminal
@testable import ScrollworkGallery
import Testing

/// A dark window's theme, which the pixel host's dark palette is drawn with.
let theme = Theme.standard(for: .trueColor, appearance: .dark)

/// Each widget and each gallery page drawn offscreen by the pixel host, compared with pictures
/// recorded once (small: 1 point a pixel).
@Suite struct PixelSnapshotTests {
    @Test("SV-01 a scroll view mid-flick, its indicator shown, its content between whole rows")
    func scrollView() throws {
        var app = Harness(content: linesView(columns: 30, rows: 10))
        try app.content.scroll.setOffset(Point(x: 0, y: 407), time: 0)
        app.content.appear(at: 0)
        try assertPNG(try image(&app, columns: 30, rows: 10, at: 0.5), named: "scroll-view")
    }

    @Test("LT-08 an inset grouped list with headers, a footer, accessories and a selected row")
    func list() throws {
        var state = ListState(sections: [
            ListSection(["Wi-Fi", "Bluetooth", "Cellular"], header: RowContent("Network"), footer: RowContent("Connections to other devices")),
            ListSection(["Notifications", "Sounds", "Focus"], header: RowContent("Alerts")),
        ]) { title in
            RowContent(title, accessory: title == "Sounds" ? .detailButton : .disclosureIndicator)
        }
        state.style = .insetGrouped
        try state.select(IndexPath(row: 1, section: 0))
        var app = Harness(content: ListView(state, theme: theme))
        try assertPNG(try image(&app, columns: 36, rows: 12, at: 5), named: "list")
    }

    struct File: Sendable { var name: String; var path: String; var size: Int }

    @Test("LT-12 a table sorted by a heading, zebra rows, dividers, a middle-truncated path and a selection")
    func table() throws {
        let files = (0..<30).map { i in File(name: "file-\(i).txt", path: "/Users/someone/Documents/Projects/\(i % 4)/file-\(i).txt", size: (i * 7919) % 1000) }
        var state = TableState(rows: files, columns: [
            TableColumn("Name", width: try ColumnWidth(min: 48, ideal: 96, max: 200)) { .string($0.name) },
            TableColumn("Path", width: try ColumnWidth(min: 64, ideal: 160), truncation: .middle) { .string($0.path) },
            TableColumn("Size", width: try ColumnWidth(min: 40, ideal: 64, max: 120), alignment: .trailing) { .int($0.size) },
        ])
        try state.chooseHeading(2)
        try state.list.select(IndexPath(row: 2))
        var app = Harness(content: TableView(state, theme: theme))
        try assertPNG(try image(&app, columns: 48, rows: 10, at: 5), named: "table")
    }

    struct Tree: OutlineSource, Sendable {
        func childCount(of parent: OutlinePath?) -> Int { (parent?.count ?? 0) < 3 ? 3 : 0 }
        func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }
    }

    @Test("LT-12 an outline with disclosure triangles and indentation")
    func outline() throws {
        var state = OutlineState(source: Tree())
        try state.expand([0])
        try state.expand([0, 1])
        try state.setCursor([0, 1, 2])
        var app = Harness(content: OutlineView(state, theme: theme) { "Item " + $0.map(String.init).joined(separator: ".") })
        try assertPNG(try image(&app, columns: 30, rows: 10), named: "outline")
    }

    @Test("PC-11 page dots clipped at both ends, with the platter while scrubbing")
    func pageControl() throws {
        var state = PageControlState(clampingPageCount: 30)
        state.currentPage = 12
        state.backgroundStyle = .prominent
        var app = Harness(content: PageControlView(state, theme: theme))
        try assertPNG(try image(&app, columns: 30, rows: 2, scale: 2), named: "page-control")
    }

    @Test("a text field with CJK and emoji text in the interface type, what its face lacks shaped by Pango")
    func textField() throws {
        var app = Harness(content: TextField(prompt: "Search", text: "滚动视图 👍🏽 scroll", theme: theme))
        try assertPNG(try image(&app, columns: 30, rows: 1, scale: 2), named: "text-field")
    }

    @Test("gallery pages drawn by the pixel host", arguments: GalleryApp.PageKind.allCases)
    func galleryPage(_ page: GalleryApp.PageKind) throws {
        let style = GalleryStyle(theme: theme, colorMode: .trueColor, idiom: .iOS, reducesMotion: false)
        var terminal = HeadlessTerminal(GalleryApp(page: page, style: style, tableRows: 1000), columns: 60, rows: 30)
        terminal.advance(by: 0.5)
        let picture = try PixelFrame.render(&terminal.app, size: Size(width: 480, height: 480), scale: 1, at: terminal.time)
        try assertPNG(picture, named: "page-\(page.rawValue + 1)")
    }
}
#endif
