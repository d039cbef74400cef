/// A cell as a ``Buffer`` stores it: 8 bytes and no references, so that a row copies, fills and
/// compares as plain memory and a frame allocates nothing per cell.
///
/// A grapheme cluster of one code point (nearly every cell) is held inline as that code point;
/// a longer cluster is kept once in the buffer's side table and the cell holds its index there.
/// The colours are a number in the buffer's ``ColorPairs``. Because both numbers mean something
/// only in their own buffer (or buffers whose tables agree), cells of two buffers are compared
/// with ``Buffer/sameCell(_:as:_:)``, never with `==` alone.
@usableFromInline
package struct PackedCell: Equatable, Sendable {
    /// Equal fields, compared where the renderer runs (a synthesized `==` is not inlined into
    /// another module).
    @inlinable
    package static func == (a: PackedCell, b: PackedCell) -> Bool { a.glyph == b.glyph && a.look == b.look }

    /// A Unicode scalar value, ``empty``, or ``clusterFlag`` with an index into the side table.
    @usableFromInline
    package var glyph: UInt32
    /// Everything but the glyph: the width in bits 0–1, the attributes in bits 2–6 and the
    /// number of the colour pair from bit 7 on (``look(width:attributes:colors:)``).
    @usableFromInline
    package var look: UInt32

    /// The glyph of a cell with no text (the second half of a wide character): not a scalar value.
    @usableFromInline
    package static let empty: UInt32 = 0x11_0000
    /// Marks a glyph that is an index into the side table of long clusters.
    @usableFromInline
    package static let clusterFlag: UInt32 = 0x8000_0000
    /// A blank cell in the terminal's default style (colour pair 0 is always the default).
    @usableFromInline
    package static let blank = PackedCell(glyph: 0x20, look: 1)
    /// The bits of ``look`` that hold the width.
    @usableFromInline
    package static let widthBits: UInt32 = 3
    /// The bits of ``look`` below the colour number: the width and the attributes.
    @usableFromInline
    package static let shapeBits: UInt32 = 0x7F

    @inlinable
    package init(glyph: UInt32, look: UInt32) {
        self.glyph = glyph
        self.look = look
    }

    /// A look: `width` (0, 1 or 2; wider is stored as 2), the attribute bits of ``PackedStyle``
    /// (bold, dim, italic, underline, reverse) and colour pair `colors`.
    @inlinable
    package static func look(width: UInt8, attributes: UInt8, colors: UInt32) -> UInt32 {
        UInt32(Swift.min(width, 2)) | UInt32(attributes & 0x1F) << 2 | colors << 7
    }

    /// True when a cell lies in memory as its fields are declared: the glyph in its first four
    /// bytes, the look in the next four, each number low byte first (so a cell read as one word
    /// holds the glyph in its low half). Code that reads or writes cells as words in place (the
    /// renderer, a table's text) asks first.
    @usableFromInline
    package static let isPlainMemory = UInt32(1).littleEndian == 1 && MemoryLayout<PackedCell>.stride == 8
        && MemoryLayout<PackedCell>.offset(of: \PackedCell.look) == 4

    /// True for one printable ASCII character, one cell wide: a byte of output.
    @inlinable
    package var isPrintableASCII: Bool { glyph >= 0x20 && glyph < 0x7F && look & Self.widthBits == 1 }

    /// As ``Cell/width``: 0, 1 or 2. Setting it keeps the rest of the look.
    @inlinable
    package var width: UInt8 {
        get { UInt8(truncatingIfNeeded: look & Self.widthBits) }
        set { look = look & ~Self.widthBits | UInt32(Swift.min(newValue, 2)) }
    }
    /// Bold, dim, italic, underline and reverse, one bit each, as in ``PackedStyle``.
    @inlinable
    package var attributes: UInt8 { UInt8(truncatingIfNeeded: (look >> 2) & 0x1F) }
    /// The number of the cell's colour pair in its buffer's ``ColorPairs``.
    @inlinable
    package var colors: Int { Int(look >> 7) }

    /// The same cell with colour pair `number`.
    @inlinable
    package func withColors(_ number: UInt32) -> PackedCell { PackedCell(glyph: glyph, look: look & Self.shapeBits | number << 7) }

    /// True when the text lives in the side table.
    @inlinable
    package var isCluster: Bool { glyph & Self.clusterFlag != 0 }
    /// The side-table index of a cluster cell.
    @inlinable
    package var clusterIndex: Int { Int(glyph & ~Self.clusterFlag) }
    /// True for the second half of a wide character.
    @inlinable
    package var isContinuation: Bool { look & Self.widthBits == 0 }

    /// The glyph of a text of one code point (given as its scalars), or nil when the text is empty or longer.
    @usableFromInline
    package static func inlineGlyph<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> UInt32? {
        var scalars = scalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }
}

/// A ``Style`` packed into three words that compare and copy without decoding.
@usableFromInline
package struct PackedStyle: Equatable, Sendable {
    /// Equal fields, compared where the renderer runs.
    @inlinable
    package static func == (a: PackedStyle, b: PackedStyle) -> Bool {
        a.attributes == b.attributes && a.foreground == b.foreground && a.background == b.background
    }

    @usableFromInline
    package var attributes: UInt8
    @usableFromInline
    package var foreground: UInt32
    @usableFromInline
    package var background: UInt32

    /// Attributes no style has: what a terminal's current style is when nothing is known of it.
    @usableFromInline
    package static let unknown = PackedStyle(attributes: 0xFF, foreground: .max, background: .max)

    @inlinable
    package init(attributes: UInt8, foreground: UInt32, background: UInt32) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    @inlinable
    package init(_ style: Style) {
        var bits: UInt8 = 0
        if style.bold { bits |= 1 }
        if style.dim { bits |= 2 }
        if style.italic { bits |= 4 }
        if style.underline { bits |= 8 }
        if style.reverse { bits |= 16 }
        self.init(attributes: bits, foreground: style.foreground.packed, background: style.background.packed)
    }

    /// The style it packs.
    @inlinable
    package var style: Style {
        Style(foreground: Color(packed: foreground), background: Color(packed: background), bold: attributes & 1 != 0,
              dim: attributes & 2 != 0, italic: attributes & 4 != 0, underline: attributes & 8 != 0, reverse: attributes & 16 != 0)
    }
}

extension Color {
    /// The colour as one number: its kind in the top byte, its value below.
    @inlinable
    package var packed: UInt32 {
        switch self {
        case .default: return 0
        case let .ansi(n): return 1 << 24 | UInt32(n)
        case let .palette(n): return 2 << 24 | UInt32(n)
        case let .rgb(r, g, b): return 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// The colour `packed` stands for.
    @inlinable
    package init(packed: UInt32) {
        let value = UInt8(truncatingIfNeeded: packed)
        switch packed >> 24 {
        case 1: self = .ansi(value)
        case 2: self = .palette(value)
        case 3: self = .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), value)
        default: self = .default
        }
    }
}
