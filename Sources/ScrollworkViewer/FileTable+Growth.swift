import Scrollwork
import ScrollworkFiles
import ScrollworkWidgets

// A file's table grows as it is read: each step indexes the next slice of the file, types the
// rows found and takes JSON keys first seen in them as columns; once at its end, a step looks
// at the file's size and reads what was written since, as `less +F` and `tail -F` do.
extension FileTable {
    /// The file indexed a slice further (or, at its end, as far as it is written now); a file
    /// cut shorter or replaced (a log rotated) starts over from its start, a replaced one only
    /// while `following`, as `tail -F` reads the new file at a path. Nil when nothing changed.
    ///
    /// - Throws: `TableSourceError.failed` when the file can no longer be read.
    public func grown(following: Bool, progress: TableProgress) throws(TableSourceError) -> GrownTable? {
        if !index.isFinished { return GrownTable(try extended(index, in: file, progress: progress)) }
        // Standard input has no path, so it is never replaced.
        if file.isReplaced {
            // The old file's last lines first; then the new file at the path, from its start.
            if file.size > index.scanned { return GrownTable(try resumed(progress: progress)) }
            guard following else {
                return GrownTable(self, note: "the file was replaced or removed since it was opened; this is the file as it was (F follows the new one, or open it again)")
            }
            let replacement: FileBytes
            do {
                replacement = try FileBytes(path: file.path).decodingText()
            } catch {
                return GrownTable(self, note: "\(file.path) was renamed or removed (rotated): waiting for a new file there, as tail -F does (\(error))")
            }
            return GrownTable(try extended(index.emptied(), in: replacement, progress: progress), startedOver: true,
                              note: "\(file.path) was replaced (rotated): following the new file from its start, as tail -F does")
        }
        let size = file.size
        if size > index.scanned { return GrownTable(try resumed(progress: progress)) }
        if size < index.scanned {
            return GrownTable(try extended(index.emptied(), in: file, progress: progress), startedOver: true, note: FileIndexing.shrankNote(size: size))
        }
        return nil
    }

    /// Reading on from the end indexed, where bytes were written since.
    private func resumed(progress: TableProgress) throws(TableSourceError) -> FileTable {
        var index = self.index
        index.resume()
        return try extended(index, in: file, progress: progress)
    }

    /// The file indexed to its end and typed from every row (in `columns` alone when given), as
    /// its rows on every core: a batch run's table.
    ///
    /// - Throws: `TableSourceError.failed` when the file cannot be read, or its compressed data
    ///   is damaged or cut short (the rows after the damage are not there, the last one read may
    ///   be cut: no count or save from them is true).
    public func readToEnd(progress: TableProgress) throws(TableSourceError) -> any TableSource {
        try wholeRows(concurrently: .processors)
    }

    /// ``readToEnd(progress:)`` typing `columns` alone, when given.
    public func readToEnd(typing columns: [Int]?, progress: TableProgress) throws(TableSourceError) -> any TableSource {
        try wholeRows(concurrently: .processors, typing: columns)
    }

    /// ``readToEnd(typing:progress:)`` on `loop`'s cores; typed only in `columns` when given (a
    /// batch run's, whose recipe reads no other column's type: see ``ColumnTyping``).
    func wholeRows(concurrently loop: ConcurrentLoop, typing columns: [Int]? = nil) throws(TableSourceError) -> RowsTable<FileRows> {
        let whole = try indexedToEnd(concurrently: loop, typing: columns)
        if let damage = whole.file.damage { throw .failed("\(damage); nothing was written") }
        // The rows after such a quote are not rows: no count or save from them is true.
        if let unclosed = whole.unclosedEnd { throw .failed("\(unclosed); nothing was written") }
        if let unread = whole.shape.unreadLines {
            let what = whole.shape.format == .json(.arrayElements) ? "element" : "line"
            let others = unread.count == 2 ? " (and 1 other \(what) that is no object)"
                : unread.count > 2 ? " (and \(grouped(unread.count - 1)) other \(what)s that are no objects)" : ""
            let number = whole.shape.format == .json(.lines) ? whole.lineNumber(ofRecord: unread.first) : unread.first + 1
            throw .failed("\(what) \(grouped(number)): \(unread.problem)\(others); nothing was written")
        }
        try whole.refuseRecordsTooLong()
        return whole.rowsTable(concurrently: loop)
    }

    /// The number (from 1) of the line that holds record `record`'s first text: its number
    /// among the records, plus the blank lines before it that are no records (JSON Lines), so
    /// that a message names the line an editor shows. The file is read up to the record once;
    /// where it cannot be (the message is about another fault already), the record's number.
    func lineNumber(ofRecord record: Int) -> Int {
        let start = index.range(ofRecord: record).lowerBound
        var lines = 1, at: UInt64 = 0
        do {
            while at < start {
                let bytes = try file.read(at: at, count: Int(Swift.min(UInt64(FileBytes.readWindow), start - at)))
                guard !bytes.isEmpty else { return record + 1 }
                lines += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                at += UInt64(bytes.count)
            }
            // The record's own leading blank lines (the first record's) come before its text.
            let head = try file.read(at: start, count: 4_096)
            let text = head.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A } ?? head.count
            return lines + head[..<text].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        } catch {
            return record + 1
        }
    }

    /// The file indexed to its end now, on this thread, and typed from every row on `loop`'s
    /// cores: what a batch run reads, so it sorts and writes by the types the screen ends with.
    ///
    /// - Throws: ``TableSourceError`` when the file cannot be read.
    /// `slice`: the most text indexed (and, for a compressed file, typed) at a time; nil, a
    /// quarter of the usual for a compressed file, so that little is left to index and type
    /// once the last text is decompressed. `columns`: the only columns typed, when given.
    func indexedToEnd(concurrently loop: ConcurrentLoop, slice: Int? = nil, typing columns: [Int]? = nil) throws(TableSourceError) -> FileTable {
        let slice = slice ?? (file.compression == nil ? Self.slice : Self.slice / 4)
        return try extended(index, in: file, progress: .unwatched, toEnd: true, slice: slice, concurrently: loop, typing: columns)
    }

    /// `start` indexed a slice further in `file` (to its end when `toEnd`), the rows found typed
    /// on `loop`'s cores (in `columns` alone when given), new JSON keys taken as columns after
    /// the others.
    private func extended(_ start: RecordIndex, in file: FileBytes, progress: TableProgress, toEnd: Bool = false, slice: Int = Self.slice,
                          concurrently loop: ConcurrentLoop = .serial, typing columns: [Int]? = nil) throws(TableSourceError) -> FileTable {
        var index = start
        var shape = self.shape
        let size = Swift.max(1, file.size)
        var typedEarly = false
        do {
            while try !index.extend(from: file, limit: slice, progress: { progress.report(Double($0) / Double(size)) }), toEnd {
                // A compressed file is decompressed ahead on another core meanwhile: each slice
                // is typed on this one as it is indexed, not all of them after the last.
                guard file.compression != nil, index.count >= self.index.count else { continue }
                if case .json = shape.format { continue }
                if start.count == 0 && !typedEarly { shape.typing = ColumnTyping(kinds: ColumnKinds(missing: shape.missing), typed: 0) }
                typedEarly = true
                shape.typing.typeToEnd(shape.rows(file: file, index: index), only: columns, concurrently: .serial)
            }
        } catch {
            throw .failed("\(error)")
        }
        try progress.check()
        if index.count < self.index.count || (start.count == 0 && !typedEarly) { shape.typing = ColumnTyping(kinds: ColumnKinds(missing: shape.missing), typed: 0) }
        if case let .json(framing) = shape.format, index.count > start.count || toEnd {
            let lines = start.count..<index.count
            let step = Swift.max(1, lines.count / 200)
            let found = JSONLinesRows.keys(file: file, index: index, lines: stride(from: lines.lowerBound, to: lines.upperBound, by: step), after: shape.keys, framing: framing)
            // A batch run reads every line: each that is no object is said.
            if toEnd { shape.unreadLines = JSONLinesRows.unread(file: file, index: index, framing: framing) }
            if found.count > shape.keys.count {
                // Field `k` of a JSON row is key `k`, so the titles are the keys, made anew: a
                // file whose first slice held no whole line (a first line past 64 KB) had one
                // column titled "Column 1" for none, which the keys found now replace.
                shape.fieldTitles = found.enumerated().map { $1.isEmpty ? "Column \($0 + 1)" : $1 }
                shape.keys = found
            }
        }
        shape.typing.typeToEnd(shape.rows(file: file, index: index), only: columns, concurrently: loop)
        return FileTable(file: file, index: index, shape: shape, title: title, arrival: arrival)
    }
}
