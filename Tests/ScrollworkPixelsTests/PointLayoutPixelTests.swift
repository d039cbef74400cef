#if Window
// The pixel host, built with the Window trait.
import Scrollwork
import ScrollworkPixels
import ScrollworkWidgets
import ScrollworkTerminal
@testable import ScrollworkGallery
import Testing

/// The window at a phone's and a desktop's size: gallery pages laid out in points at the idiom's
/// metrics, measured from the pictures, and recorded as PNG snapshots in both appearances.
@Suite struct PointLayoutPixelTests {
    /// A phone (iPhone 14/15's 390 × 844 points) with the iOS idiom, and a laptop's window with
    /// macOS's.
    static let windows: [(name: String, size: Size, idiom: ScrollIdiom)] = [
        ("390x844", Size(width: 390, height: 844), .iOS), ("1280x800", Size(width: 1280, height: 800), .macOS),
    ]

    @Test("every gallery page in both appearances at 390 × 844 (iOS) and 1280 × 800 (macOS)",
          arguments: GalleryApp.PageKind.allCases)
    func pages(_ page: GalleryApp.PageKind) throws {
        for window in Self.windows {
            for appearance in Appearance.allCases {
                let picture = try windowPicture(page, appearance: appearance, size: window.size, idiom: window.idiom, after: 0.5)
                try assertPNG(picture, named: "window-\(window.name)-page-\(page.rawValue + 1)-\(appearance.rawValue)")
            }
        }
    }

    @Test("LT-12: the table's rows are 44 points apart on iOS and 24 on macOS, read from the zebra stripes")
    func tableRowPitch() throws {
        for (window, pitch) in zip(Self.windows, [44, 24]) {
            let picture = try windowPicture(.table, appearance: .light, size: window.size, idiom: window.idiom, after: 3)
            // Down the padding left of the first column, the stripes change colour at each row's edge.
            let edges = colourChanges(in: picture, x: 2, from: 32 + 28 + 2, to: Int(window.size.height) - 60)
            let gaps = zip(edges.dropFirst(), edges).map { $0 - $1 }
            #expect(gaps.count >= 8, "\(window.name): \(edges)")
            #expect(gaps.allSatisfy { $0 == pitch }, "\(window.name): gaps \(gaps)")
        }
    }

    @Test("LT-05: the contacts list's rows are 44 points apart on iOS and 24 on macOS, read from the separators")
    func listRowPitch() throws {
        for (window, pitch) in zip(Self.windows, [44, 24]) {
            let picture = try windowPicture(.list, appearance: .light, size: window.size, idiom: window.idiom, after: 3)
            // The contacts list is the last of the page's lists: right of every text, left of its index.
            let x = Int(window.size.width) - 30
            let edges = colourChanges(in: picture, x: x, from: Int(window.size.height) / 2, to: Int(window.size.height) - 60)
            // A hairline separator is a change there and back a point later.
            let lines = zip(edges, edges.dropFirst()).filter { $1 - $0 == 1 }.map(\.0)
            let gaps = zip(lines.dropFirst(), lines).map { $0 - $1 }
            #expect(gaps.filter { $0 == pitch }.count >= 3, "\(window.name): separators at \(lines)")
            #expect(gaps.allSatisfy { $0 % pitch == 0 || $0 > pitch }, "\(window.name): gaps \(gaps)")
        }
    }

    @Test("SV-01: the document's iOS indicator, flashed as the page appears, lies 3 points from the window's edge at 390 points")
    func iOSIndicatorAtTheEdge() throws {
        let picture = try windowPicture(.scrollView, appearance: .light, size: Size(width: 390, height: 844), idiom: .iOS, after: 0.3)
        // A row through the indicator's top part (it starts at the document's top, below the bars).
        let y = 32 + 32 + 20
        let background = picture.brightness(x: 389, y: y)
        let dark = (370..<390).filter { picture.brightness(x: $0, y: y) < background - 60 }
        #expect(dark.last == 390 - 3 - 1 && dark.count == 3, "indicator pixels \(dark)")
    }

    @Test("SV-11: the table's scroller lies its 2-point inset from the window's edge, whatever the cells leave")
    func indicatorAtTheEdge() throws {
        // The table page's table scrolls as a Mac's, with an overlay scroller, in either idiom.
        let inset = Int(ScrollIndicatorStyle.macOS().edgeInset)
        for window in Self.windows {
            // 390 points are not whole 8-point cells (48 cells and 6 points): the indicator still
            // keeps to the window's edge, not the cells'.
            let picture = try windowPicture(.table, appearance: .light, size: window.size, idiom: window.idiom, after: 0.3)
            let width = Int(window.size.width)
            let y = 32 + 28 + 20
            let background = picture.brightness(x: width - 1, y: y)
            let dark = (width - 20..<width).filter { picture.brightness(x: $0, y: y) < background - 60 }
            #expect(dark.last == width - inset - 1, "\(window.name): indicator pixels \(dark)")
        }
    }

    /// The ys in `from..<to` where the pixel at `x` differs from the one above it.
    private func colourChanges(in picture: PixelImage, x: Int, from: Int, to: Int) -> [Int] {
        (from..<to).filter { y in abs(picture.brightness(x: x, y: y) - picture.brightness(x: x, y: y - 1)) > 3 }
    }
}

/// `page` of the gallery in a window of `size` points with `idiom`, drawn by the pixel host
/// `seconds` after it opens.
func windowPicture(_ page: GalleryApp.PageKind, appearance: Appearance, size: Size, idiom: ScrollIdiom, after seconds: Double) throws -> PixelImage {
    let style = GalleryStyle(theme: .standard(for: .trueColor, appearance: appearance), colorMode: .trueColor, idiom: idiom, reducesMotion: false)
    let cells = PixelFrame.cells(for: size)
    var t = HeadlessTerminal(GalleryApp(page: page, style: style, tableRows: 1000), columns: cells.columns, rows: cells.rows)
    t.advance(by: seconds)
    return try PixelFrame.render(&t.app, size: size, scale: 1, at: t.time, palette: .standard(appearance))
}
#endif
