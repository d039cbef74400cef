import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
@testable import ScrollworkWidgets

/// A part of a page that takes the pointer: where to press, which way to drag, and the state it
/// owns (which a gesture elsewhere must leave alone).
struct Region: CustomStringConvertible {
    var name: String
    /// The cell to press, found on the page after its first frame.
    var cell: (GalleryApp) -> (column: Int, row: Int)
    /// The drag, in cells.
    var drag: (columns: Int, rows: Int)
    /// The state this region owns.
    var state: (GalleryApp) -> [AnyHashable]

    var description: String { name }
}

/// A cell inside `frame`: `x` and `y` are fractions of its width and height.
func inside(_ frame: Rect, x: Double = 0.5, y: Double = 0.5) -> (column: Int, row: Int) { inside(frame.gridCells, x: x, y: y) }

func inside(_ frame: CellRect, x: Double = 0.5, y: Double = 0.5) -> (column: Int, row: Int) {
    (frame.column + Int(Double(frame.columns - 1) * x), frame.row + Int(Double(frame.rows - 1) * y))
}

/// A list's scroll position, selection and cursor.
func listState<Row>(_ list: ListState<Row>) -> [AnyHashable] {
    [list.scroll.offset.x, list.scroll.offset.y, list.selectedIndexPaths, list.cursor.map { AnyHashable($0) } ?? AnyHashable("none")]
}

/// Presses, drags in steps and releases in each region of a page, and checks that the region
/// reacted and that no other region's state changed.
func checkRegions(_ page: GalleryApp.PageKind, _ regions: [Region], setUp: (inout HeadlessTerminal<GalleryApp>) -> Void = { _ in }) {
    for region in regions {
        var t = gallery(page)
        setUp(&t)
        t.advance(by: 2)
        let before = regions.map { $0.state(t.app) }
        let (column, row) = region.cell(t.app)
        t.send(.mouse(MouseEvent(.press, column: column, row: row)))
        let steps = 4
        for i in 1...steps {
            t.advance(by: 0.016)
            t.send(.mouse(MouseEvent(.drag, column: column + region.drag.columns * i / steps, row: row + region.drag.rows * i / steps)))
        }
        t.send(.mouse(MouseEvent(.release, column: column + region.drag.columns, row: row + region.drag.rows)))
        t.advance(by: 3)
        let after = regions.map { $0.state(t.app) }
        for (i, other) in regions.enumerated() {
            if other.name == region.name {
                #expect(after[i] != before[i], "a press, drag and release in \(region) changed nothing there")
            } else {
                #expect(after[i] == before[i], "a gesture in \(region) changed \(other)")
            }
        }
    }
}

@Suite struct GalleryRegionTests {
    @Test("SV-04: scroll view page: the document, the carousel in it and the grid each take their own gestures")
    func SV_04_scrollViewRegions() {
        checkRegions(.scrollView, [
            Region(name: "document", cell: { inside($0.scrollView.document.view.frame, x: 0.3, y: 0.8) }, drag: (0, -6),
                   state: { [$0.scrollView.scroll.offset.y] }),
            Region(name: "carousel", cell: { inside($0.scrollView.carousel.frame, x: 0.5, y: 0.5) }, drag: (-12, 0),
                   state: { [$0.scrollView.carousel.scroll.offset.x] }),
            Region(name: "grid", cell: { inside($0.scrollView.grid.view.frame) }, drag: (-10, 0),
                   state: { [$0.scrollView.grid.view.scroll.offset.x, $0.scrollView.grid.view.scroll.offset.y] }),
        ]) { t in
            // Bring the carousel on screen: it sits a few screens down the document.
            let start = t.app.scrollView.text.carouselStart
            for _ in 0..<max(0, start - 10) { t.send(.key(KeyEvent(.down))) }
            t.advance(by: 2)
        }
    }

    @Test("LT-12: table page: a drag on a divider resizes without scrolling; a drag on the rows scrolls without resizing")
    func LT_12_tableRegions() {
        checkRegions(.table, [
            Region(name: "divider", cell: { app in
                let cells = app.table.files.columnCells
                return (cells[0].column + cells[0].width - 1, app.table.files.frame.gridCells.row)
            }, drag: (6, 0), state: { [$0.table.table.columnWidths] }),
            Region(name: "rows", cell: { inside($0.table.files.body, y: 0.8) }, drag: (0, -8),
                   state: { listState($0.table.table.list) }),
        ])
    }

    @Test("LT-10: list page: each of the three lists takes its own gestures")
    func LT_10_listRegions() {
        checkRegions(.list, [
            // Settings and Text Size fit their panes: a tap opens a row or chooses an option.
            Region(name: "settings", cell: { inside($0.list.settings.frame, y: 0.05) }, drag: (0, 0),
                   state: { listState($0.list.settingsList.list) + [$0.list.settings.title, $0.list.sheet?.title ?? "no sheet"] }),
            Region(name: "options", cell: { inside($0.list.options.frame, y: 0.15) }, drag: (0, 0), state: { listState($0.list.options.list) }),
            Region(name: "contacts", cell: { inside($0.list.contacts.body, y: 0.6) }, drag: (0, -5), state: { listState($0.list.contacts.list) }),
        ])
    }

    @Test("LT-10: a press and drag on the contacts' index jumps through sections and touches no other list")
    func LT_10_indexRegion() {
        var t = gallery(.list)
        t.advance(by: 1)
        let others = [listState(t.app.list.settingsList.list), listState(t.app.list.options.list)]
        let column = t.app.list.contacts.indexColumn ?? -1
        let top = t.app.list.contacts.frame.gridCells.row
        t.send(.mouse(MouseEvent(.press, column: column, row: top + 2)))
        t.send(.mouse(MouseEvent(.drag, column: column, row: top + 12)))
        t.send(.mouse(MouseEvent(.release, column: column, row: top + 12)))
        t.advance(by: 2)
        #expect(column >= 0 && t.app.list.contacts.list.scroll.offset.y > 0)
        #expect([listState(t.app.list.settingsList.list), listState(t.app.list.options.list)] == others)
    }

    @Test("LT-12: outline page: a drag scrolls the tree")
    func LT_12_outlineRegion() {
        checkRegions(.outline, [
            Region(name: "tree", cell: { inside($0.outline.tree.frame, y: 0.8) }, drag: (0, -10),
                   state: { [$0.outline.tree.outline.scroll.offset.y] }),
        ]) { t in
            // Open a region so that there is something to scroll.
            t.send(.key(KeyEvent(.down)))
            t.send(.key(KeyEvent(.right, .alt)))
        }
    }

    @Test("PC-12: page control page: the pages drag, the dots scrub, and neither is the other")
    func PC_12_pageControlRegions() {
        checkRegions(.pageControl, [
            Region(name: "pages", cell: { inside($0.pageControlPage.pages.pager.frame) }, drag: (-30, 0),
                   state: { [$0.pageControlPage.pages.pager.scroll.offset.x, $0.pageControlPage.pages.coupling.scroll.offset.x] }),
        ])
        // A scrub on the dots turns pages through the coupling: the pager follows the dots.
        var t = gallery(.pageControl)
        t.advance(by: 1)
        let dots = t.app.pageControlPage.pages.dots.frame.gridCells
        t.send(.mouse(MouseEvent(.press, column: dots.column + 1, row: dots.row)))
        for c in stride(from: dots.column + 1, through: dots.maxColumn - 1, by: 2) {
            t.advance(by: 0.1)
            t.send(.mouse(MouseEvent(.drag, column: c, row: dots.row)))
        }
        t.send(.mouse(MouseEvent(.release, column: dots.maxColumn - 1, row: dots.row)))
        t.advance(by: 2)
        #expect(t.app.pageControlPage.pages.currentPage == PageControlPage.cities.count - 1)
        #expect(t.app.page == .pageControl, "a scrub on the page's dots never turns the gallery's page")
    }

    @Test("SV-15: idioms page: under watchOS the pages and the workout list are separate")
    func SV_15_idiomRegions() {
        checkRegions(.idioms, [
            Region(name: "pages", cell: { inside($0.idioms.pages.frame) }, drag: (0, -6), state: { [$0.idioms.pages.scroll.offset.y] }),
            // Eight workouts and Show More fit the watch: a tap selects one.
            Region(name: "workouts", cell: { inside($0.idioms.workouts.frame, y: 0.3) }, drag: (0, 0), state: { listState($0.idioms.workouts.list) }),
        ]) { t in t.type("5") }
        checkRegions(.idioms, [
            Region(name: "list", cell: { inside($0.idioms.rows.frame) }, drag: (0, -6), state: { listState($0.idioms.rows.list) }),
        ])
    }

    @Test("SV-07: checks page: a drag scrolls the findings")
    func SV_07_checksRegion() {
        checkRegions(.checks, [
            Region(name: "findings", cell: { inside($0.checks.checks.frame, y: 0.8) }, drag: (0, -8), state: { listState($0.checks.checks.list) }),
        ])
    }
}
