import Scrollwork

/// The long document of the scroll view page, wrapped to a width on demand.
enum GalleryDocument {
    static let paragraphs: [String] = [
        "# Scrollwork",
        "A scroll view has no look of its own. It lets people see content that is larger than the space it has, and it shows a thin, translucent indicator only while they scroll, so they can tell whether they are near the beginning, the middle or the end. Flick this text with the mouse: it keeps moving and slows down the way people expect, then stops by itself.",
        "Pull past the top or the bottom and the content gives a little, then springs back. The farther you pull, the harder it resists; it never moves farther than the height of the view.",
        "Page Down moves by the height of the view less one line, so the last line you read stays at the top of the next page. Space does the same; Page Up goes back, and so does Shift-Space in terminals that report it (most send a plain space). Home and End go to the ends. The arrow keys move one line.",
        "The row of cards below scrolls sideways inside this vertical document. Drag it left or right: a horizontal drag goes to the cards, a vertical one to the document. Two scroll views of the same direction, one inside the other, would fight over every drag; Scrollwork reports that as a guideline problem.",
        "[carousel]",
        "## Selecting and searching",
        "Press v and drag over the text to select lines. Keep dragging past the top or the bottom edge and the document scrolls towards the pointer, faster the farther out it goes, and stops when the pointer comes back.",
        "Press / to search. The match is scrolled into view only as much as needed: if any part of it is already visible, nothing moves at all.",
        "Press Enter to act on the selection: if it has scrolled away, it comes back into view first. Press i and type to place an insertion point; typing while it is off screen brings it back.",
        "## Zoom",
        "The grid on the right zooms between a quarter and four times its size: press + and - with the mouse over it, double-click to zoom in by half again, or hold Control and turn the wheel. The scale may stretch past its limits while you pinch and settles back when you let go. When the grid is smaller than its frame, it is centred.",
        "## Edges",
        "The toolbar above floats over the text. As text slides under it, a soft edge effect fades the first lines; a table header pinned over its rows gets a hard edge instead.",
        "## Text in cells",
        "Terminal cells are not all the same width: 滚动视图 takes eight cells, ページコントロール takes eighteen, and 👍🏽 takes two. Scrollwork measures every grapheme cluster, so a wide character is never cut in half and a middle ellipsis keeps both ends of a long path: /Users/ada/…/scrollwork/README.md.",
        "Terminals disagree about some clusters: one draws 👍🏽 in two cells, another in four. Unless the terminal says how it measures them, Scrollwork places the cursor by position after each such cluster, so the dividers below stay in their columns whatever your terminal does.",
        "[clusters]",
        "## The guidelines",
    ]

    /// One line per guideline, from the numbered behaviours the library is built to.
    static let guidelineLines: [String] = [
        "SV-01 Indicators appear while scrolling and fade after; they float over the content.",
        "SV-02 Drag, flick, wheel, trackpad and keys; elastic edges everywhere.",
        "SV-03 Indicators flash when a view appears; a partial row shows there is more.",
        "SV-04 A horizontal view may sit inside a vertical one, never the same direction.",
        "SV-05 A page is the view less one line of overlap; one page per flick in paging mode.",
        "SV-06 Selections and insertion points come into view, only as much as needed.",
        "SV-07 Zoom within sensible limits; double-click zooms about the point.",
        "SV-08 Soft edges under floating bars, hard edges under pinned headers.",
        "SV-09 One scroll view per direction on a screen.",
        "SV-10 A paging view with a page control hides its own indicator on that axis.",
        "SV-11 macOS scroll bars: overlay or legacy, automatic or always, 15 or 11 points.",
        "SV-12 Overlay bars never move content; no controls inline with a scroll bar.",
        "SV-13 tvOS: no indicators; focus scrolls the least that shows the focused item.",
        "SV-14 visionOS: a small fixed indicator that becomes a jog bar when dragged.",
        "SV-15 watchOS: the crown scrolls; long pages scroll inside before the next page.",
        "SV-16 Momentum follows the UIKit curve; a touch stops it.",
        "LT-01 Rows in sections, selected, inserted, deleted and moved through one model.",
        "LT-06 Middle truncation keeps the beginning and the end of long text.",
        "LT-12 Tables sort by heading, resize by divider, and alternate their rows.",
        "PC-12 Page dots take taps and scrubs; scrubbing past an end jumps there.",
    ]

    /// Clusters terminals measure differently, each followed by a divider that must stay in its column.
    static let clusterSamples: [(String, String)] = [
        ("👍🏽", "thumbs up, skin tone"), ("🇯🇵", "flag of Japan"), ("👨\u{200D}👩\u{200D}👧", "family, ZWJ sequence"),
        ("e\u{301}", "e + combining acute"), ("❤\u{FE0F}", "heart + VS16"), ("─", "box drawing"),
    ]

    /// The rows of the cluster table, each exactly 36 cells wide.
    static var clusterTable: [String] {
        ["Cluster │ Name                     │"] + clusterSamples.map { sample, name in
            "  " + sample.fitted(toWidth: 6) + "│ " + name.fitted(toWidth: 24) + " │"
        }
    }

    /// The document's lines, where its carousel and its cluster table begin.
    struct Lines {
        var lines: [String] = []
        var carouselStart = 0
        var clusterStart = 0
    }

    /// The document with its paragraphs broken by `wrap` and its one-line rows (the cluster
    /// table, the log) passed through `fit`, with `carouselRows` blank lines for the carousel.
    static func lines(carouselRows: Int, wrap: (String) -> [String], fit: (String) -> String) -> Lines {
        var out = Lines()
        for paragraph in paragraphs {
            if paragraph == "[clusters]" {
                out.clusterStart = out.lines.count
                out.lines += clusterTable.map(fit)
                out.lines.append("")
                continue
            }
            if paragraph == "[carousel]" {
                out.carouselStart = out.lines.count
                out.lines += Array(repeating: "", count: carouselRows)
                out.lines.append("")
                continue
            }
            out.lines += wrap(paragraph)
            out.lines.append("")
        }
        for line in guidelineLines { out.lines += wrap(line) }
        out.lines.append("")
        // Enough text to scroll through: a log of generated entries.
        for i in 1...400 {
            out.lines.append(fit("Entry \(i): the quick brown fox jumps over the lazy dog, line \(i) of 400."))
        }
        out.lines.append("— End of document —")
        return out
    }
}
