import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

@Suite struct GalleryResizeTests {
    /// Keys that move each page away from its first state: a page, a selection, a scrolled list.
    static func moveAway(_ t: inout HeadlessTerminal<GalleryApp>, page: GalleryApp.PageKind) {
        let keys: [String]
        switch page {
        case .pageControl: keys = ["m", "\u{1B}[C", "\u{1B}[C", "\u{1B}[C", "\u{1B}[C", "\u{1B}[C"]
        case .scrollView: keys = ["\u{1B}[6~", "\u{1B}[6~", "\u{1B}[6~", "\u{1B}[B"]
        default: keys = Array(repeating: "\u{1B}[B", count: 7) + ["\u{1B}[6~", "\u{1B}[B", "\r"]
        }
        for key in keys {
            t.send(bytes: Array(key.utf8))
            t.advance(by: 0.05)
        }
        t.advance(by: 5)
    }

    @Test("a resize never changes the current page, the selection or the row at the top", arguments: GalleryApp.PageKind.allCases)
    func resizeKeepsState(page: GalleryApp.PageKind) {
        var t = gallery(page, rows: 5_000, columns: 100, lines: 30)
        Self.moveAway(&t, page: page)
        let before = t.text, beforeStatus = status(t)
        for (c, r) in [(80, 24), (60, 18), (160, 50), (30, 10), (100, 30)] {
            t.resize(columns: c, rows: r)
            t.advance(by: 5)
            // The scroll view re-wraps its text at each width, so its line numbers change with it.
            if page != .scrollView { #expect(status(t) == beforeStatus, "at \(c)×\(r)") }
        }
        #expect(status(t) == beforeStatus)
        // Columns may share the width differently after a narrow size (AppKit's autoresizing is
        // lossy too); the rows shown, first column and order, are the same.
        func rows(_ text: String) -> [Substring] { text.split(separator: "\n").map { $0.split(separator: " ").first ?? "" } }
        let after = t.text
        #expect(rows(after) == rows(before), "before:\n\(before)\nafter:\n\(after)")
    }

    @Test("PC-04: on the 1,000-page control, page 1000 stays page 1000 at every size")
    func PC_04_lastPageStaysAcrossResizes() throws {
        var t = gallery(.pageControl, columns: 100, lines: 30)
        t.type("mm")
        t.app.pageControlPage.pages.show(page: 999, animated: false, at: 0)
        t.advance(by: 1)
        #expect(status(t).hasPrefix("page 1,000 of 1,000"))
        for (c, r) in [(10, 6), (40, 12), (200, 60), (7, 5), (100, 30)] {
            t.resize(columns: c, rows: r)
            t.advance(by: 2)
            #expect(status(t).hasPrefix("page 1,000 of 1,000"), "at \(c)×\(r)")
        }
    }
}

@Suite struct GalleryTitleBarTests {
    /// A terminal's measurer: each character one 8-point cell.
    let cells = TextMeasurer.cells(CellMetrics())

    @Test("the title bar never runs the title into the key hints: hints are whole, two cells clear of the title, or left out", arguments: GalleryApp.PageKind.allCases)
    func titleNeverCollidesWithHints(page: GalleryApp.PageKind) {
        let variants = ["? help  ] next  q quit", "? help  q quit", "? help"]
        for buttons in [false, true] {
            let bar = GalleryTitleBar(page: page, buttons: buttons)
            for columns in 1...160 {
                let width = Double(columns) * 8
                let (title, frames) = bar.placed(width: width, height: 16, cells)
                #expect(cells.width(of: title, font: .footnote) + 16 <= (frames.first?.2.minX ?? width + 16), "\(columns) columns")
                #expect(frames.allSatisfy { $0.2.maxX < width } && zip(frames, frames.dropFirst()).allSatisfy { $0.2.maxX < $1.2.minX })
                if !buttons, !frames.isEmpty { #expect(variants.contains(frames.map(\.1).joined(separator: "  ")), "\(columns) columns") }
                #expect(title.contains(page.title) || title.hasSuffix("…") || columns < 3, "\(columns) columns: \(title)")
            }
        }
        // Drawn in a terminal: the title, blanks (or IDs), and the hints at the right edge.
        var t = gallery(page, rows: 100, columns: 48, lines: 20)
        t.advance(by: 0.1)
        let bar = line(t, 0)
        let terminal = GalleryTitleBar(page: page, buttons: false)
        #expect(bar.hasPrefix(terminal.layout(width: 384, cells).title))
        #expect(bar.trimmingTrailingSpaces.hasSuffix(terminal.placed(width: 384, height: 16, cells).controls.map(\.1).joined(separator: "  ")))
        #expect(terminal.placed(width: 1600, height: 16, cells).controls.map(\.1) == ["? help", "] next", "q quit"])
    }

    @Test("the title bar's hints are controls: a click on one does what its key does")
    func hintsAreClickable() {
        var t = gallery(.scrollView, rows: 100, columns: 100, lines: 30)
        t.advance(by: 0.1)
        let frames = GalleryTitleBar(page: .scrollView, buttons: false).placed(width: 800, height: 16, cells).controls
        func at(_ control: GalleryTitleBar.Control) -> (column: Int, maxColumn: Int) {
            let frame = frames.first { $0.0 == control }!.2
            return (Int(frame.minX / 8), Int(frame.maxX / 8))
        }
        click(&t, column: at(.next).column + 1, row: 0)
        #expect(t.app.page == .table)
        // Pressed on a control and let go elsewhere: nothing happens, as with a button.
        t.send(.mouse(MouseEvent(.press, column: at(.next).column, row: 0)))
        t.send(.mouse(MouseEvent(.release, column: 2, row: 0)))
        #expect(t.app.page == .table)
        click(&t, column: at(.help).column, row: 0)
        #expect(t.text.contains("Table — shows"))
        t.send(.key(KeyEvent(.escape)))
        click(&t, column: at(.quit).maxColumn - 1, row: 0)
        #expect(t.wantsQuit)
    }

    @Test("in a window the title bar's controls are buttons, ‹ › and Help, drawn by the host and clicked like the hints")
    func windowButtons() throws {
        var app = GalleryApp(page: .scrollView, style: GalleryStyle(theme: .standard(for: .trueColor), colorMode: .trueColor, idiom: .iOS), tableRows: 100)
        _ = app.handle(.resize(columns: 100, rows: 30), at: 0)
        var buffer = windowBuffer(Size(width: 800, height: 480))
        _ = app.render(into: &buffer, at: 0)
        let buttons = buffer.controls.compactMap { mark -> (String, Rect)? in
            if case let .button(title, frame, _, _) = mark { return (title, frame) }
            return nil
        }
        #expect(buttons.map(\.0) == ["‹", "›", "Help"])
        // The key hints are not drawn as text in a window.
        #expect(!(0..<100).map { buffer[$0, 0].text }.joined().contains("? help"))
        // A window's title bar is two lines; each button is 24 points tall, centred in its frame,
        // as wide as its title in the window's type and 8 points either side.
        let frames = try #require(app.placedTitleBar).controls
        #expect(app.titleRows == 2)
        #expect(zip(frames, buttons).allSatisfy { placed, button in
            let box = placed.2
            return button.1.minX == box.minX && button.1.width == box.width && button.1.height == 24 && button.1.midY == box.midY
                && box.height == 32 && box.width == max(24, proportionalMeasurer(TypeScale.standard(for: .iOS)).width(of: button.0, font: .footnote) + 16)
        })
        let previous = (column: Int(frames[0].2.minX / 8), row: 0)
        // The button under the pointer is shaded; the others are not, and none once it leaves.
        func hovered() -> [String] {
            var canvas = windowBuffer(Size(width: 800, height: 480))
            _ = app.render(into: &canvas, at: 0.05)
            return canvas.controls.compactMap { if case let .button(title, _, _, true) = $0 { title } else { nil } }
        }
        _ = app.handle(.mouse(MouseEvent(.move, button: .none, column: Int(frames[2].2.minX / 8) + 1, row: 0)), at: 0.05)
        #expect(hovered() == ["Help"])
        _ = app.handle(.mouse(MouseEvent(.move, button: .none, column: 50, row: 10)), at: 0.06)
        #expect(hovered() == [])
        _ = app.handle(.mouse(MouseEvent(.press, column: previous.column + 1, row: 0)), at: 0.1)
        _ = app.render(into: &buffer, at: 0.1)
        #expect(buffer.controls.contains { if case .button("‹", _, true, _) = $0 { true } else { false } })
        _ = app.handle(.mouse(MouseEvent(.release, column: previous.column + 1, row: 0)), at: 0.2)
        #expect(app.page == .checks)
    }
}

private extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}

@Suite struct GalleryNarrowLayoutTests {
    @Test("LT-01: on a phone-wide screen the list page stacks its three lists, each the screen's width, instead of squeezing them side by side")
    func LT_01_listsStackWhenNarrow() {
        var narrow = gallery(.list, rows: 100, columns: 48, lines: 52)
        narrow.advance(by: 0.1)
        let frames = [narrow.app.list.settingsList.frameCells, narrow.app.list.options.frameCells, narrow.app.list.contacts.frameCells]
        #expect(frames.allSatisfy { $0.column == 0 && $0.columns == 48 })
        #expect(frames[0].maxRow <= frames[1].row && frames[1].maxRow <= frames[2].row)
        // The option list takes its seven rows; the long lists share the rest.
        #expect(frames[0].rows >= 15 && frames[1].rows >= 7 && frames[2].rows >= 15)
        // Wide, they stand side by side on the same rows.
        var wide = gallery(.list, rows: 100, columns: 120, lines: 40)
        wide.advance(by: 0.1)
        let side = [wide.app.list.settingsList.frameCells, wide.app.list.options.frameCells, wide.app.list.contacts.frameCells]
        #expect(Set(side.map(\.row)).count == 1)
        #expect(side[0].maxColumn < side[1].column && side[1].maxColumn < side[2].column)
        // Clicking a stacked list's row focuses that list.
        click(&narrow, column: 5, row: frames[2].row + 3)
        #expect(status(narrow).contains("Contacts"))
    }

    @Test("SV-11: on a phone-wide screen the idioms page keeps every idiom's name whole")
    func idiomNamesStayWhole() {
        for columns in [44, 48, 60, 120] {
            var t = gallery(.idioms, rows: 100, columns: columns, lines: 30)
            t.advance(by: 0.1)
            #expect(line(t, 1).contains("5 watchOS"), "\(columns) columns: \(line(t, 1))")
        }
    }

    @Test("LT-06: on a phone-wide screen the table keeps sizes with their units and the sorted heading with its arrow")
    func LT_06_tableKeepsUnitsWhenNarrow() throws {
        var t = gallery(.table, rows: 200, columns: 48, lines: 52)
        t.advance(by: 0.1)
        let header = line(t, 1)
        let size = try #require(header.range(of: "Size"))
        let column = header.distance(from: header.startIndex, to: size.lowerBound)
        click(&t, column: column + 1, row: 1)
        t.runWork("sort")
        t.advance(by: 0.2)
        #expect(line(t, 1).contains("Size ▲"))
        // Every size on screen ends in its unit (or is a folder's "--"), cut nowhere.
        let sizes = (2..<40).map { line(t, $0) }.filter { !$0.isEmpty }
        #expect(sizes.count > 20)
        for row in sizes {
            #expect(row.contains(" KB") || row.contains(" MB") || row.contains(" GB") || row.contains(" bytes") || row.contains("--") || row.contains("Zero"), "\(row)")
            #expect(!row.contains(" …") && !row.contains("B…"), "\(row)")
        }
    }
}
