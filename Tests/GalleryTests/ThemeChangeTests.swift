import Scrollwork
import Testing
@testable import ScrollworkGallery
import ScrollworkWidgets

/// The desktop's colours changing while the gallery's window is open (light to dark, high
/// contrast, an accent): every page redraws in the new theme at once.
@Suite struct ThemeChangeTests {
    static let size = Size(width: 1000, height: 700)

    /// The gallery on `page` in `theme`, in a window's canvas of ``size``, sized.
    static func app(_ page: GalleryApp.PageKind, _ theme: Theme) -> GalleryApp {
        var app = GalleryApp(page: page, style: GalleryStyle(theme: theme, colorMode: .trueColor, idiom: .macOS, simulatesLatency: false), tableRows: 100)
        let buffer = windowBuffer(size)
        _ = app.handle(.resize(columns: buffer.columns, rows: buffer.rows), at: 0)
        return app
    }

    /// What `app` draws at `time`: its cells and its drawings in points.
    static func frame(_ app: inout GalleryApp, at time: Double) -> (cells: Buffer, marks: [PointMark]) {
        var canvas = windowBuffer(size)
        _ = app.render(into: &canvas, at: time)
        return (canvas.cells, canvas.pointMarks)
    }

    @Test("every page, told the desktop's theme changed, draws as a gallery opened in that theme draws, and keeps its place")
    func everyPageFollowsTheDesktop() {
        let light = Theme.standard(for: .trueColor, appearance: .light, highContrast: false)
        let dark = Theme.standard(for: .trueColor, appearance: .dark, highContrast: false)
        var accented = Theme.standard(for: .trueColor, appearance: .light, highContrast: true)
        accented.selection.background = .rgb(200, 40, 90)
        for page in GalleryApp.PageKind.allCases {
            for (from, to) in [(light, dark), (dark, accented)] {
                var changed = Self.app(page, from)
                var opened = Self.app(page, to)
                // Moved first, so that keeping its place is seen: a page down on each.
                for app in [0, 1] {
                    _ = app == 0 ? changed.handle(.key(KeyEvent(.pageDown)), at: 0.05) : opened.handle(.key(KeyEvent(.pageDown)), at: 0.05)
                }
                let before = Self.frame(&changed, at: 0.1)
                _ = changed.handle(.themeChanged(to), at: 0.2)
                let after = Self.frame(&changed, at: 5), expected = Self.frame(&opened, at: 5)
                #expect(after.cells == expected.cells && after.marks == expected.marks, "\(page): drawn as a gallery opened in the theme")
                #expect(after.cells != before.cells || after.marks != before.marks, "\(page): the colours changed")
            }
        }
    }
}
