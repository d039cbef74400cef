import Foundation
import Scrollwork
import ScrollworkWidgets
import ScrollworkTerminal
import Testing
@testable import ScrollworkGallery

/// The gallery's table says only what is true now.
@Suite struct GalleryStatusTruthTests {
    @Test("the gallery's table: a running sort shows no earlier time; Esc replaces the time with 'sort cancelled'")
    func galleryStatusIsCurrent() throws {
        var t = gallery(.table, rows: 500)
        try sortByName(&t)
        #expect(status(t).contains("sort took"))
        let header = line(t, 1)
        let size = try #require(header.range(of: "Size")).lowerBound.utf16Offset(in: header)
        click(&t, column: size + 1, row: 1)
        #expect(!status(t).contains("sort took") && status(t).contains("Sorting by Size"))
        t.send(.key(KeyEvent(.escape)))
        #expect(status(t).contains("sort cancelled") && !status(t).contains("sort took"))
        t.type("zz")
        #expect(status(t).contains("no row starts with “zz”") && status(t).contains("sort cancelled"))
        t.send(.key(KeyEvent(.down)))
        #expect(!status(t).contains("no row starts"))
    }
}

@Suite struct GalleryFolderSizeTests {
    @Test("the gallery's folders show -- for Size, as Finder does, and sort after every size")
    func foldersShowDashes() throws {
        var t = gallery(.table, rows: 200)
        let table = t.app.table.table
        let folder = try #require((0..<200).first { (try? table.list.row(at: IndexPath(row: $0)).isFolder) == true })
        #expect(try table.cellText(at: IndexPath(row: folder), column: 2, width: 10).hasSuffix("--"))
        let header = line(t, 1)
        let size = try #require(header.range(of: "Size")).lowerBound.utf16Offset(in: header)
        click(&t, column: size + 1, row: 1)
        t.runWork("sort")
        let sorted = t.app.table.table
        #expect(try !sorted.list.row(at: IndexPath(row: 0)).isFolder && sorted.list.row(at: IndexPath(row: 199)).isFolder)
    }
}
