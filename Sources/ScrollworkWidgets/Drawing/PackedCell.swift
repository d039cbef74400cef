/// A cell as a ``Buffer`` stores it: 16 bytes and no references, so that a row copies, fills and
/// compares as plain memory and a frame allocates nothing per cell.
///
/// A grapheme cluster of one code point (nearly every cell) is held inline as that code point;
/// a longer cluster is kept once in the buffer's side table and the cell holds its index there.
/// Because an index means something only in its own buffer, cells of two buffers are compared
/// with ``Buffer/sameCell(_:as:_:)``, never with `==` alone.
@usableFromInline
package struct PackedCell: Equatable, Sendable {
    /// Equal fields, compared where the renderer runs (a synthesized `==` is not inlined into
    /// another module).
    @inlinable
    package static func == (a: PackedCell, b: PackedCell) -> Bool {
        a.glyph == b.glyph && a.width == b.width && a.attributes == b.attributes && a.foreground == b.foreground && a.background == b.background
    }

    /// A Unicode scalar value, ``empty``, or ``clusterFlag`` with an index into the side table.
    @usableFromInline
    package var glyph: UInt32
    /// As ``Cell/width``.
    @usableFromInline
    package var width: UInt8
    /// Bold, dim, italic, underline and reverse, one bit each.
    @usableFromInline
    package var attributes: UInt8
    /// Always 0: it fills the bytes that would be padding, so that equal cells are equal bytes
    /// and rows without clusters compare with `memcmp`.
    @usableFromInline
    package var reserved: UInt16 = 0
    /// ``Color/packed`` of the text colour.
    @usableFromInline
    package var foreground: UInt32
    /// ``Color/packed`` of the background.
    @usableFromInline
    package var background: UInt32

    /// The glyph of a cell with no text (the second half of a wide character): not a scalar value.
    @usableFromInline
    package static let empty: UInt32 = 0x11_0000
    /// Marks a glyph that is an index into the side table of long clusters.
    @usableFromInline
    package static let clusterFlag: UInt32 = 0x8000_0000
    /// A blank cell in the terminal's default style.
    @usableFromInline
    package static let blank = PackedCell(glyph: 0x20, width: 1, style: PackedStyle(.plain))

    @inlinable
    package init(glyph: UInt32, width: UInt8, style: PackedStyle) {
        self.glyph = glyph
        self.width = width
        attributes = style.attributes
        foreground = style.foreground
        background = style.background
    }

    /// True when a cell lies in memory as its fields are declared: the glyph in its first four
    /// bytes, the width, the attributes and the padding in the next four, then the two colours,
    /// each number low byte first (so a cell's first word holds the glyph in its low bits).
    /// Code that reads or writes cells as words in place (the renderer, a table's text) asks first.
    @usableFromInline
    package static let isPlainMemory = UInt32(1).littleEndian == 1 && MemoryLayout<PackedCell>.stride == 16 && MemoryLayout<PackedCell>.offset(of: \PackedCell.width) == 4
        && MemoryLayout<PackedCell>.offset(of: \PackedCell.attributes) == 5 && MemoryLayout<PackedCell>.offset(of: \PackedCell.foreground) == 8
        && MemoryLayout<PackedCell>.offset(of: \PackedCell.background) == 12

    /// True for one printable ASCII character, one cell wide: a byte of output.
    @inlinable
    package var isPrintableASCII: Bool { glyph >= 0x20 && glyph < 0x7F && width == 1 }

    /// True when the text lives in the side table.
    @inlinable
    package var isCluster: Bool { glyph & Self.clusterFlag != 0 }
    /// The side-table index of a cluster cell.
    @inlinable
    package var clusterIndex: Int { Int(glyph & ~Self.clusterFlag) }
    /// True for the second half of a wide character.
    @inlinable
    package var isContinuation: Bool { width == 0 }

    /// The packed style.
    @inlinable
    package var packedStyle: PackedStyle {
        get { PackedStyle(attributes: attributes, foreground: foreground, background: background) }
        set { attributes = newValue.attributes; foreground = newValue.foreground; background = newValue.background }
    }

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
