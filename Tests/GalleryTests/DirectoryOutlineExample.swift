// The example of the "Directory outlines" article (Sources/ScrollworkFiles/ScrollworkFiles.docc),
// kept word for word between the markers (scripts/check-docs compares them) and run by
// DirectoryOutlineExampleTests.

// BEGIN DIRECTORY OUTLINE EXAMPLE
import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

/// A folder as Finder's list shows it: → opens a folder, ← closes it, sizes in a column, q quits.
struct FolderBrowser: WidgetApp {
    var content: OutlineView<DirectoryTree>
    var wantsQuit = false
    var quitKeys = [KeyEvent(.character("q"))]

    init(folder: String) {
        // Listed lazily: a folder's entries are read when it first opens, once.
        content = OutlineView(OutlineState(source: DirectoryTree(root: folder, order: .name))) { $0.displayName }
        content.columns = [OutlineColumn("Size", width: 10, alignment: .trailing) { $0.size.map(finderByteCount) ?? "--" }]
    }
}
// END DIRECTORY OUTLINE EXAMPLE
