/// The headless model of a list: sections of lazy rows, their geometry, selection, editing with
/// undo, and the scroll view that shows them (LT-01 to LT-14).
///
/// Rows stay in their sources; the list keeps only what people changed: an order per section
/// once rows were moved, inserted, deleted or sorted, the rows they inserted, and identities of
/// what is selected. Geometry is O(1) for fixed heights and O(log n) for variable ones, so a
/// frame costs the same for ten rows and ten million.
///
/// ```swift
/// var list = ListState(sections: [ListSection(["Wi-Fi", "Bluetooth"], header: RowContent("Network"))]) {
///     RowContent($0, accessory: .disclosureIndicator)
/// }
/// list.setViewport(Size(width: 320, height: 480))
/// let items = list.visibleItems()     // header, then the two rows
/// ```
public struct ListState<Row: Sendable>: Sendable {
    /// How many rows can be selected.
    public typealias SelectionMode = ListSelectionMode
    /// How a selection is shown.
    public typealias SelectionFeedback = ListSelectionFeedback
    /// The edits people may make.
    public typealias EditPermissions = ListEditPermissions
    /// One laid-out item.
    public typealias Item = ListItem
    /// Heights of the parts of a list.
    public typealias Metrics = ListMetrics

    /// A section as the list shows it. Declared outside the generic list (it does not depend on
    /// `Row`), so that code reading it needs no generic metadata: that lookup cost more than the
    /// rest of a frame's row reads together.
    typealias SectionState = ListSectionState

    /// A copy of everything an edit can change, for undo and redo.
    struct Snapshot: Sendable {
        var sections: [SectionState]
        var inserted: [RowID: Row]
        var selection: Set<RowID>
        var cursor: RowID?
        var anchor: RowID?
        var scrollOffset: Point
    }

    // MARK: Stored state

    @usableFromInline var sources: [ListSection<Row>] { didSet { contentRevision = ContentRevision() } }
    var sourceCounts: [Int]
    var sections: [SectionState] { didSet { contentRevision = ContentRevision() } }
    @usableFromInline var inserted: [RowID: Row] = [:] { didSet { contentRevision = ContentRevision() } }
    /// Changes whenever anything a row is drawn from may have changed: the rows, their order,
    /// their sections, or a ``reloadData()`` that says a source's rows changed. A view may keep
    /// what it drew of a row while this stays the same, so a ``RowSource`` gives the same row for
    /// an index until the list is told otherwise.
    public internal(set) var contentRevision = ContentRevision()
    var nextSerial = 0
    /// How a row is shown.
    public var content: @Sendable (Row) -> RowContent
    /// The list's look.
    public var style: ListStyle = .plain { didSet { rebuildGeometry() } }
    /// The platform idiom: selection rules, focus, and the scroll view's indicators and bounce.
    public var idiom: ScrollIdiom = .iOS {
        didSet {
            idiom.configure(&scroll)
            scroll.alwaysBounce = .vertical
        }
    }
    /// Item heights.
    public var metrics = Metrics() { didSet { rebuildGeometry() } }
    /// A number that changes whenever the rows change: an edit, an undo, a new order (a sort),
    /// a reload. Work begun on the rows (a sort in the background) compares it to tell whether its
    /// result still fits.
    public internal(set) var rowsVersion: UInt64 = 0
    /// How wide the rows are, when wider than the view: a table's columns. The list then scrolls
    /// sideways too. Clamped to 0…``ColumnWidth/largestWidth``; NaN counts as 0 (as wide as the view).
    public var contentWidth: Double = 0 {
        didSet {
            contentWidth = contentWidth.isNaN ? 0 : contentWidth.clamped(to: 0...ColumnWidth.largestWidth)
            updateContentSize()
        }
    }
    /// How many rows can be selected.
    public var selectionMode: SelectionMode = .single
    /// How a selection is shown.
    public var selectionFeedback: SelectionFeedback = .persistentHighlight
    /// The edits people may make.
    public var editPermissions: EditPermissions = .all
    /// Edit mode: delete controls and reorder handles show (LT-03).
    public var isEditing = false { didSet { if !isEditing && idiom == .iOS && selection.count > 1 { keepOnlyCursor() } } }
    /// watchOS: at most this many rows per section, then a "show more" row (LT-14).
    public var rowLimit: Int? = nil { didSet { rebuildGeometry() } }
    var expandedSections: Set<Int> = []
    /// The identities of the selected rows.
    public internal(set) var selection: Set<RowID> = [] { didSet { soleSelection = selection.count == 1 ? selection.first : nil } }
    /// The selected row while exactly one is (the usual case), kept with ``selection``: every
    /// row drawn asks whether it is selected, and comparing is cheaper than finding a set's
    /// first member or hashing.
    private(set) var soleSelection: RowID? = nil
    /// The row the keyboard or focus is on.
    public internal(set) var cursor: RowID? = nil
    var anchor: RowID? = nil
    var flash: (id: RowID, until: Double)? = nil
    var measured: [RowID: Double] = [:]
    /// The row kept at the top across viewport changes, how far into it the view starts, and
    /// the offset that showed it last (a different offset means someone scrolled since).
    var resizeAnchor: (item: Int, within: Double, offset: Double)? = nil
    /// The row being dragged by its reorder handle, if one is.
    public internal(set) var reordering: RowReorder? = nil
    var undoStack: [Snapshot] = []
    var redoStack: [Snapshot] = []
    /// The most edits kept for undo.
    public var undoLimit = 100 { didSet { undoLimit = Swift.max(0, undoLimit) } }
    /// When true, edits move the cursor as people expect in an editable list: after a delete
    /// the row that takes the deleted cursor row's place (or the one before, at the end of its
    /// section) is selected, so a second delete acts; after an insert the first new row is
    /// selected and revealed. Off by default: the selection then simply follows its rows.
    public var selectsAfterEdits = false
    /// The sections as flat items, as of the last structural change.
    var items = ListItemMap()
    /// Where each section's items start, then the total.
    var itemStarts: [Int] { items.starts }
    /// Item heights and positions.
    public internal(set) var heights = RowHeights.fixed(16, count: 0)
    /// The scroll view showing the list.
    public var scroll: ScrollState

    /// The most rows a list shows from one source, 2⁴⁰ − 1 (about 1.1 trillion): a row's identity
    /// holds its index in 40 bits. A source that claims more shows its first this many.
    public static var maximumSourceRows: Int { (1 << 40) - 1 }

    /// How many of `source`'s rows the list shows: its count, clamped to 0…``maximumSourceRows``.
    static func shownCount(_ source: ListSection<Row>) -> Int { Swift.min(Swift.max(0, source.rows.count), maximumSourceRows) }

    /// A list of `sections`, each row shown through `content`. A section's source shows at most
    /// ``maximumSourceRows`` rows.
    public init(sections: [ListSection<Row>], content: @escaping @Sendable (Row) -> RowContent) {
        self.sources = sections
        self.sourceCounts = sections.map(Self.shownCount)
        // A loop over the indices, not `enumerated().map`: in this generic code that would look
        // its sequence's types up at run time, a quarter of a millisecond before a first frame.
        var states: [SectionState] = []
        states.reserveCapacity(sections.count)
        for i in sections.indices {
            let s = sections[i]
            states.append(SectionState(header: s.header, footer: s.footer, indexTitle: s.indexTitle,
                                       order: .identity(sourceSection: i, count: Self.shownCount(s)), source: i))
        }
        self.sections = states
        self.content = content
        self.scroll = ScrollState(viewport: .zero, content: .zero)
        self.scroll.alwaysBounce = .vertical
        rebuildGeometry()
    }

    /// A one-section list over `rows`. Inlinable, so that the rows are wrapped where `Source`
    /// is known (see ``AnyRowSource/init(_:)``).
    @inlinable
    public init<Source: RowSource & Sendable>(rows: Source, content: @escaping @Sendable (Row) -> RowContent) where Source.Row == Row {
        self.init(sections: [ListSection(rows)], content: content)
    }

    // MARK: Rows

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of rows in `section` (0 for a section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].order.count : 0
    }

    /// The total number of rows (at most `Int.max`, whatever the sections' counts add up to).
    public var numberOfRows: Int { sections.reduce(0) { $0.addingSaturating($1.order.count) } }

    /// The identity of the row at `indexPath`.
    public func id(at indexPath: IndexPath) throws(ListError) -> RowID {
        try validate(indexPath)
        return sections[indexPath.section].order[indexPath.row]
    }

    /// The row at `indexPath`. Inlinable, so that a caller that knows `Row` reads it without
    /// looking the list's types up at run time.
    @inlinable
    public func row(at indexPath: IndexPath) throws(ListError) -> Row {
        row(for: try id(at: indexPath))
    }

    /// Where the row `id` is now, or nil if it is not in the list. O(sections).
    public func indexPath(of id: RowID) -> IndexPath? {
        for (s, section) in sections.enumerated() {
            if let position = section.order.position(of: id) { return IndexPath(row: position, section: s) }
        }
        return nil
    }

    /// Where row `index` of section `section`'s source is now, after sorts and moves; nil when it
    /// is not in the list (deleted, or no such row).
    public func indexPath(ofSourceRow index: Int, inSection section: Int = 0) -> IndexPath? {
        guard sections.indices.contains(section), let source = sections[section].source, sourceCounts.indices.contains(source),
              index >= 0, index < sourceCounts[source], index < 1 << 40 else { return nil }
        return indexPath(of: RowID(section: source, index: index))
    }

    /// Which source row is shown at `indexPath`, after sorts, moves and deletions: the inverse of
    /// ``indexPath(ofSourceRow:inSection:)``, for turning what people see into the data behind
    /// it. Nil for a row the list inserted and for a path outside the list.
    public func sourceRow(at indexPath: IndexPath) -> (source: Int, row: Int)? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].order.count > indexPath.row, indexPath.row >= 0 else { return nil }
        let id = sections[indexPath.section].order[indexPath.row]
        return id.isInserted ? nil : (id.sourceSection, id.sourceIndex)
    }

    /// The row with identity `id` (which must be in the list or in its sources).
    @inlinable
    func row(for id: RowID) -> Row {
        if id.isInserted, let row = inserted[id] { return row }
        return sources[id.sourceSection].rows.row(at: id.sourceIndex)
    }

    /// The content configuration of the row at `indexPath`.
    public func content(at indexPath: IndexPath) throws(ListError) -> RowContent { content(try row(at: indexPath)) }

    /// The header and footer of `section`.
    public func decorations(ofSection section: Int) -> (header: RowContent?, footer: RowContent?) {
        sections.indices.contains(section) ? (sections[section].header, sections[section].footer) : (nil, nil)
    }

    /// Checks that every source still has the count it had when loaded: a source whose count
    /// changed without `reloadData()` is reported, never silently read past its end.
    public func validateSources() throws(ListError) {
        for (i, source) in sources.enumerated() where Self.shownCount(source) != sourceCounts[i] {
            throw .sourceCountChanged(section: i, expected: sourceCounts[i], actual: source.rows.count)
        }
    }

    /// Re-reads the sources' counts after they changed, and tells views that any row may show
    /// something new (they draw every row again). Untouched sections take the new count;
    /// edited sections keep their order, lose rows that no longer exist (and their selection),
    /// and gain new rows at the end of the section that started with that source.
    public mutating func reloadData() {
        contentRevision = ContentRevision()
        for (i, source) in sources.enumerated() {
            let count = Self.shownCount(source), old = sourceCounts[i]
            sourceCounts[i] = count
            guard count != old else { continue }
            for (s, section) in sections.enumerated() {
                if case let .identity(src, _) = section.order {
                    if src == i { sections[s].order = .identity(sourceSection: i, count: count) }
                    continue
                }
                var ids = section.order.ids.filter { $0.isInserted || $0.sourceSection != i || $0.sourceIndex < count }
                if section.source == i && count > old { ids += (old..<count).map { RowID(section: i, index: $0) } }
                sections[s].order = explicitOrder(ids, section: s)
            }
        }
        selection = selection.filter { indexPath(of: $0) != nil }
        if let c = cursor, indexPath(of: c) == nil { cursor = nil }
        if let a = anchor, indexPath(of: a) == nil { anchor = nil }
        rowsChanged()
    }

    /// An explicit order for display section `section`, indexed against its own source.
    func explicitOrder(_ ids: [RowID], section: Int) -> RowOrder {
        let source = sections[section].source
        return .explicit(ids, ownSection: source, ownCount: source.map { sourceCounts[$0] } ?? 0)
    }

    func validate(_ indexPath: IndexPath) throws(ListError) {
        guard sections.indices.contains(indexPath.section) else { throw .sectionOutOfRange(indexPath.section, count: sections.count) }
        let rows = sections[indexPath.section].order.count
        guard indexPath.row >= 0 && indexPath.row < rows else { throw .rowOutOfRange(indexPath, rowsInSection: rows) }
    }

    func validateSection(_ section: Int, allowEnd: Bool = false) throws(ListError) {
        guard section >= 0 && (section < sections.count || (allowEnd && section == sections.count)) else {
            throw .sectionOutOfRange(section, count: sections.count)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension ListState {
    /// Gives the list new contents for the rows of its first source (a ``PagedRows`` that took
    /// delivered pages, a source that grew), then re-reads the counts as ``reloadData()`` does:
    /// rows already shown keep their place, selection and scroll position.
    public mutating func replaceRows<Source: RowSource & Sendable>(with source: Source) where Source.Row == Row {
        guard !sources.isEmpty else { return }
        sources[0].rows = AnyRowSource(source)
        reloadData()
    }

    /// Gives the first section other rows altogether, shown in their source's order: the
    /// selection, cursor and any order the rows had named rows of the old source, so they go.
    public mutating func replaceRowsInSourceOrder<Source: RowSource & Sendable>(with source: Source) where Source.Row == Row {
        deselectAll()
        cursor = nil
        anchor = nil
        replaceRows(with: source)
        guard !sections.isEmpty, sections[0].source == 0 else { return }
        sections[0].order = .identity(sourceSection: 0, count: sourceCounts[0])
        rowsChanged()
    }
}

/// A section of a ``ListState`` as shown: its header, footer, index title and the order of its rows.
struct ListSectionState: Sendable, Hashable {
    var header: RowContent?
    var footer: RowContent?
    var indexTitle: String?
    var order: RowOrder
    /// The source whose rows this section started with; nil for an inserted section.
    var source: Int?
}
