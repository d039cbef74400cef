import ScrollworkPixels
import ScrollworkTerminal
import ScrollworkViewer

// A table source of one's own with every key of `scrollwork open`, in a terminal or, with
// --window, in a desktop window.
var viewer = TableViewer(MemoryTable(columnTitles: ["city", "people"], records: [["Lyon", "522250"], ["Nice", "348085"], ["Oslo", "709037"]]))
if CommandLine.arguments.contains("--window") {
    viewer.keyConvention = .desktop
    try PixelWindow(title: "Cities").run(&viewer)
} else {
    try EventLoop.run(&viewer)
}
