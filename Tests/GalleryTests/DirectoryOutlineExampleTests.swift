import Foundation
import Scrollwork
import ScrollworkFiles
import ScrollworkTerminal
import ScrollworkWidgets
import Testing

@Suite struct DirectoryOutlineExampleTests {
    @Test("LT-12: the directory outline article's app lists a folder, opens a subfolder with → and shows sizes")
    func LT_12_folderBrowserRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outline-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(repeating: 65, count: 2_500).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("inside".utf8).write(to: folder.appendingPathComponent("docs/readme.md"))
        var t = HeadlessTerminal(FolderBrowser(folder: folder.path), columns: 60, rows: 8)
        #expect(t.text.contains("docs") && t.text.contains("notes.txt") && t.text.contains("3 KB"))
        #expect(!t.text.contains("readme.md"), "a folder's entries are not shown before it opens")
        // The first row (docs) focused, then opened.
        t.send(.key(KeyEvent(.down)))
        t.send(.key(KeyEvent(.right)))
        #expect(t.text.contains("readme.md"))
        t.send(.key(KeyEvent(.character("q"))))
        #expect(t.app.wantsQuit)
    }
}
