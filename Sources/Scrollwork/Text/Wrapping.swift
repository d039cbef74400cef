extension String {
    /// This text broken into lines at most `width` cells wide: at spaces where it can, inside a
    /// word only when the word alone is wider than the line. Existing line breaks are kept;
    /// a `width` below 1 is treated as 1. Lines are measured in terminal cells as a host draws
    /// them (``drawnWidth(_:)-(Character)``: a control character is a one-cell picture).
    public func wrapped(toWidth width: Int) -> [String] {
        let width = Swift.max(1, width)
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let w = drawnWidth(word)
                let gap = line.isEmpty ? 0 : 1
                if lineWidth + gap + w <= width {
                    if gap == 1 { line += " " }
                    line += word
                    lineWidth += gap + w
                    continue
                }
                if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                // A word wider than the line is cut between clusters.
                for character in word {
                    let cw = drawnWidth(character)
                    if lineWidth + cw > width && !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    line.append(character)
                    lineWidth += cw
                }
            }
            lines.append(line)
        }
        return lines
    }
}
