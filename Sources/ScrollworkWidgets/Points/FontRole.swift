/// What a run of text is, which the host turns into a font: a terminal draws every role in its
/// one monospaced face (a headline bold), a pixel host in the idiom's proportional font at the
/// idiom's size (``TextMeasurer``), except ``monospaced`` text, in its cell face.
public enum FontRole: Int, Sendable, Hashable, CaseIterable {
    /// Row titles and ordinary text (17 pt on iOS, 13 pt on macOS).
    case body
    /// Emphasised text: section headers, table headings (the body's size, semibold).
    case headline
    /// Small secondary text: grouped section headers and footers, subtitles, the index.
    case footnote
    /// Numbers in columns: the body's size with digits of one width, so figures line up.
    case monospacedDigits
    /// The largest heading: a screen's title, a weather page's temperature (34 pt on iOS).
    case largeTitle
    /// A heading below the large title (28 pt on iOS).
    case title
    /// Text set in columns of characters (a file's lines, code): a pixel host draws it in the
    /// face and size its cells use, one cell a character and one cell a line, so that what is
    /// laid out by columns and rows lines up as it does in a terminal.
    case monospaced
}
