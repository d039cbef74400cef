import Scrollwork
import ScrollworkTerminal
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// The desktop's colours changing while `scrollwork open --window` shows something: every page,
/// the one shown and those under it, draws in the new theme at once and keeps its place.
@Suite struct ViewerThemeChangeTests {
    static let light = Theme.standard(for: .trueColor, appearance: .light, highContrast: false)
    static let dark = Theme.standard(for: .trueColor, appearance: .dark, highContrast: false)

    /// The viewer's window showing `path` in `theme`, its first frame drawn.
    static func window(_ path: String, _ theme: Theme) throws -> HeadlessDriver<ViewerWindow, BufferOutput> {
        let opened = try OpenFile.opened(path: path, separator: nil, header: nil, theme: theme)
        var t = HeadlessDriver(ViewerWindow(opened, path: path, theme: theme), columns: 100, rows: 12)
        t.advance(by: 0.1)
        return t
    }

    @Test("a table with a row shown whole over it, text and a folder: told the theme changed, each draws as a window opened in that theme, and so does the table once the row is closed")
    func everyPageFollowsTheDesktop() throws {
        let table = TemporaryFile(name: "cities.csv", "city,people\nLyon,500000\nNice,340000\nParis,2100000\n")
        let text = TemporaryFile(name: "notes.txt", (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n")
        for (path, keys) in [(table.path, [KeyEvent(.down), KeyEvent(.enter)]), (text.path, [KeyEvent(.pageDown)]), (table.directory, [KeyEvent(.down)])] {
            var changed = try Self.window(path, Self.light), opened = try Self.window(path, Self.dark)
            for key in keys {
                changed.send(.key(key))
                opened.send(.key(key))
            }
            changed.advance(by: 0.5)
            opened.advance(by: 0.5)
            let before = changed.output.screen
            changed.send(.themeChanged(Self.dark))
            changed.advance(by: 0.5)
            opened.advance(by: 0.5)
            let same = changed.output.screen == opened.output.screen, moved = changed.output.screen != before
            #expect(same, "\(path): drawn as a window opened dark")
            #expect(moved, "\(path): the colours changed")
            // The page under the one shown follows too.
            changed.send(.key(KeyEvent(.escape)))
            opened.send(.key(KeyEvent(.escape)))
            changed.advance(by: 0.5)
            opened.advance(by: 0.5)
            let under = changed.output.screen == opened.output.screen
            #expect(under, "\(path): the page under, once back")
        }
    }
}
