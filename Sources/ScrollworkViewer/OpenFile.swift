#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

/// What `scrollwork open` makes of a path before any terminal is touched: a viewer, or a
/// message for the person and the exit status to end with.
public enum OpenFile {
    /// A failure to open, with the exit status the command ends with.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, for the person.
        public var description: String
        /// The exit status to end with (1 for a file that cannot be shown).
        public var status: Int32 = 1

        /// A failure saying `description`, ending with `status`.
        public init(description: String, status: Int32 = 1) {
            self.description = description
            self.status = status
        }
    }

    /// What a file opens as.
    public enum Opened {
        /// A table file (CSV, TSV, JSON Lines, a JSON array, Parquet) on the table screen,
        /// read through its `TableSource`.
        case table(TableViewer)
        /// Text as pages of lines.
        case pager(TextPager)
        /// A directory as a Finder list.
        case directory(DirectoryViewer)
        /// An SQLite database: its tables and views.
        case database(DatabaseViewer)

        /// What it is, for a message: "a table", "text", "a directory", "a database".
        public var kindName: String {
            switch self {
            case .table: return "a table"
            case .pager: return "text"
            case .directory: return "a directory"
            case .database: return "a database"
            }
        }
    }

    /// The table for `path`, which must open as one (tests).
    static func viewer(path: String, separator: String?, header: Bool?, theme: Theme, missing: MissingValues = .common) throws(Failure) -> TableViewer {
        guard case let .table(viewer) = try opened(path: path, separator: separator, header: header, theme: theme, missing: missing) else {
            throw Failure(description: "\(path): opens as text, not as a table")
        }
        return viewer
    }

    /// `path` opened: a CSV, TSV or JSON Lines file as a table, other text in the pager, an SQLite
    /// file, a `postgres://` or a `clickhouse://` URL as its tables and views; a file on a web
    /// server (`http://`, `https://`) as a local one, read by range. A
    /// separator or header given, or a `csv`, `tsv` or `tab` name, always means a table.
    ///
    /// - Parameters:
    ///   - path: a file, a directory, an SQLite file, a `postgres://` or `clickhouse://` URL, or
    ///     an `http://` or `https://` URL of a file.
    ///   - separator: `,`, `tab`, `;`, `|` or another single ASCII character; nil detects it.
    ///   - header: whether the first record names the columns; nil detects it.
    ///   - missing: the words that stand for no value in a table's fields (an empty field
    ///     always does): they show as written, sort last and do not decide a column's type.
    ///   - theme: the colours the screens draw in.
    ///   - authorities: for `https://`, the file of certificate authorities to trust; nil for the
    ///     system's (`FileBytes.certificateAuthorities(environment:)` reads what `curl` reads).
    public static func opened(path: String, separator: String?, header: Bool?, theme: Theme, missing: MissingValues = .common,
                              trusting authorities: String? = nil) throws(Failure) -> Opened {
        if DatabaseURL.names(path) {
            do {
                let (database, table) = try DatabaseURL.connect(path)
                return .database(try DatabaseViewer(source: database, theme: theme, opening: table))
            } catch {
                throw Failure(description: "\(error)")
            }
        }
        if FileBytes.isWebAddress(path) {
            let file: FileBytes
            do { file = try FileBytes(url: path, trusting: authorities) } catch { throw Failure(description: "\(error)") }
            return try opened(file: file, separator: separator, header: header, theme: theme, missing: missing)
        }
        if isDirectory(path) {
            // Safe: the path's C string is lent for the call; the listing is closed at once.
            guard let listing = unsafe FileSystemPath.withCString(path, { unsafe opendir($0) }) else { throw Failure(description: "\(FileError(errno: errno, path: path, operation: "list"))") }
            unsafe closedir(listing)
            return .directory(DirectoryViewer(root: path, theme: theme))
        }
        let file: FileBytes
        do { file = try FileBytes(path: path) } catch { throw Failure(description: "\(error)") }
        return try opened(file: file, separator: separator, header: header, theme: theme, missing: missing)
    }

    /// `file` opened as ``opened(path:separator:header:theme:missing:trusting:)`` says (a Parquet file
    /// through its own `TableSource`); its path (or name) gives the extension and the messages.
    /// A file's text is read as UTF-8 whatever its tools wrote: a byte order mark is left out,
    /// UTF-16 is decoded, and Excel's first line `sep=;` chooses the separator without being a row.
    public static func opened(file raw: FileBytes, separator: String?, header: Bool?, theme: Theme, missing: MissingValues = .common) throws(Failure) -> Opened {
        let path = raw.path
        if let parquet = try parquet(raw, theme: theme) { return parquet }
        var file: FileBytes
        var sample: [UInt8]
        do {
            file = try raw.decodingText()
            sample = try file.read(at: 0, count: FileBytes.sampleSize)
            // The separator and the header are told from the first lines: a first line longer
            // than the sample (the header of 20,000 columns) is read whole with the next one,
            // the sample four times longer each time, up to 64 MB (not for bytes that are no
            // text, which are refused from the first sample: /dev/zero has no line ends at all).
            var size = FileBytes.sampleSize
            while sample.count == size && size < FileIndexing.firstLinesLimit && sample.lazy.filter({ $0 == 0x0A }).prefix(2).count < 2 && binaryByte(in: sample) == nil {
                size *= 4
                sample = try file.read(at: 0, count: size)
            }
        } catch { throw Failure(description: "\(error)") }
        var separator = separator
        if let hint = excelSeparatorLine(sample) {
            file = file.dropping(UInt64(hint.length))
            do { sample = try file.read(at: 0, count: FileBytes.sampleSize) } catch { throw Failure(description: "\(error)") }
            separator = separator ?? String(UnicodeScalar(hint.separator))
        }
        guard !sample.isEmpty else {
            // Compressed data damaged from its first bytes makes no text: that is said, not that the file is empty.
            if let damage = file.damage ?? raw.damage { throw Failure(description: "\(path): \(damage); there is nothing to show") }
            throw Failure(description: "\(path): the file is empty; there is nothing to show")
        }
        if SQLiteCatalog.isDatabase(header: sample) {
            // The engine reads the file itself: a database piped in has no file to give it.
            // Safe: the path is a C string lent for the call.
            guard unsafe access(path, R_OK) == 0 else { throw Failure(description: "\(path) holds an SQLite database, which is read from its file: give its path to scrollwork open") }
            do { return .database(try DatabaseViewer(source: SQLiteDatabase(path: path), theme: theme)) } catch { throw Failure(description: "\(error)") }
        }
        if let offset = binaryByte(in: sample) { throw Failure(description: "\(FileError.binary(path: path, offset: offset))") }
        // A compressed file is named for what it holds with the compression's ending after it:
        // "access.log.gz", "flights.csv.gz".
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if file.compression != nil, let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
        let ext = name.contains(".") ? name.split(separator: ".").last.map(String.init) : nil
        let format: FileFormat
        let forced = separator != nil || header != nil || ext.map { ["csv", "tsv", "tab"].contains($0.lowercased()) } == true
        if !forced, let empty = jsonArrayOfObjects(sample: sample) {
            if empty { throw Failure(description: "\(path): the JSON array is empty; there is nothing to show") }
            format = .json(.arrayElements)
        } else if !forced && isJSONLines(sample: sample, ext: ext) {
            format = .json(.lines)
        } else {
            // Blank lines before the first record (some exports write them) are neither the
            // header nor rows: a table starts after them (a text shown as text keeps them).
            let blank = sample.prefix { $0 == 0x0A || $0 == 0x0D }.count
            let records = blank < sample.count ? Array(sample[blank...]) : sample
            var dialect = DelimitedDialect.detect(sample: records, hint: ext, separator: try separator.map(separatorByte))
            if let header { dialect.hasHeader = header }
            format = .delimited(dialect)
            if !forced && !dialect.splitsIntoColumns(records) {
                do { return .pager(try TextPager(file: file, theme: theme)) } catch { throw Failure(description: "\(error)") }
            }
            if blank > 0 && blank < sample.count { file = file.dropping(UInt64(blank)) }
        }
        do {
            let table = try FileTable(file: file, format: format, missing: missing)
            return .table(TableViewer(table, name: table.title, file: file.fileIdentity == nil ? nil : file.path, theme: theme))
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// A Parquet file (it starts with `PAR1`) as its table, read from its footer; nil for
    /// any other file. One still coming through a decompressor is refused: its footer is at its
    /// end, which a stream reaches only after everything else (``StandardInput`` keeps a piped
    /// one whole first).
    static func parquet(_ file: FileBytes, theme: Theme) throws(Failure) -> Opened? {
        let magic: [UInt8]
        do { magic = try file.read(at: 0, count: 4) } catch { throw Failure(description: "\(error)") }
        guard ParquetTable.startsParquet(magic) else { return nil }
        // A file on a web server read by range has its end at hand, as a local one does.
        guard !file.isStream || (file.compression == nil && file.streamHasEnded) else {
            throw Failure(description: "\(file.path): a Parquet file is read from its footer, at its end: decompress it and give the file's path (its pages are compressed already)")
        }
        do {
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            var table = try ParquetTable(file: file)
            // The first page is read while the screen is made, which reads it before its first
            // frame: begun first, as early as the footer allows.
            table.readAhead(firstRows: TableScreen.pageSize)
            table.loop = .processors
            return .table(TableViewer(table, name: name, file: file.fileIdentity == nil ? nil : file.path, theme: theme))
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// Excel's separator hint: a first line `sep=X` (X one printable ASCII byte, not a quote),
    /// with its line ending; nil when the sample does not start with one.
    static func excelSeparatorLine(_ sample: [UInt8]) -> (separator: UInt8, length: Int)? {
        guard sample.count >= 5, sample.prefix(4).map({ $0 | 0x20 }) == Array("sep=".utf8) else { return nil }
        let separator = sample[4]
        guard separator >= 0x20, separator < 0x7F, separator != 0x22 else { return nil }
        var length = 5
        if sample.count > length, sample[length] == 0x0D { length += 1 }
        guard sample.count == length || sample[length] == 0x0A else { return sample.count == 5 ? (separator, 5) : nil }
        return (separator, Swift.min(sample.count, length + 1))
    }

    /// True when `path` names a directory (following a symbolic link).
    static func isDirectory(_ path: String) -> Bool { FileKind(path: path) == .directory }

    /// For a JSON array whose first element is an object, as every vega dataset and most JSON
    /// exports are (its elements are the rows), false; for an empty array, true; nil for other text.
    static func jsonArrayOfObjects(sample: [UInt8]) -> Bool? {
        let significant = sample.lazy.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var bytes = significant.makeIterator()
        guard bytes.next() == 0x5B, let next = bytes.next() else { return nil }
        return next == 0x7B ? false : (next == 0x5D ? true : nil)
    }

    /// JSON Lines: a `jsonl` or `ndjson` name, or a first line that is a JSON object.
    static func isJSONLines(sample: [UInt8], ext: String?) -> Bool {
        if let ext, ["jsonl", "ndjson"].contains(ext.lowercased()) { return true }
        let firstLine = Array(sample.prefix { $0 != 0x0A })
        guard firstLine.first(where: { $0 != 0x20 && $0 != 0x09 }) == 0x7B, firstLine.count < sample.count else { return false }
        // A probe: a line that does not read as an object means the file is something else.
        do {
            _ = try JSONObjectReader.members(of: firstLine)
            return true
        } catch {
            return false
        }
    }

    /// True when `sample`, a file's first bytes, is neither text (in UTF-8, or UTF-16 after its
    /// byte order mark) nor a kind of file this opens from its bytes (compressed data, Parquet,
    /// an SQLite database): what ``opened(file:separator:header:theme:missing:)`` refuses as
    /// binary.
    static func isBinary(_ sample: [UInt8]) -> Bool {
        if CompressionFormat.detect(Array(sample.prefix(6))) != nil || ParquetTable.startsParquet(sample) || SQLiteCatalog.isDatabase(header: sample) {
            return false
        }
        if sample.starts(with: [0xFF, 0xFE]) || sample.starts(with: [0xFE, 0xFF]) { return false }
        return binaryByte(in: sample) != nil
    }

    /// The offset of the first byte that says the sample is not text: a NUL, or a control byte
    /// other than tab, line feed, form feed, carriage return and escape once they make up more
    /// than a tenth of the sample; nil for text.
    static func binaryByte(in sample: [UInt8]) -> Int? {
        if let nul = sample.firstIndex(of: 0) { return nul }
        // Tab, line feed, form feed, carriage return and escape are text; counted without a
        // branch a byte, as this runs on 64 KB before the first frame.
        let text: UInt32 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x1B
        let control = { (byte: UInt8) -> Bool in byte < 0x20 && (text &>> UInt32(byte)) & 1 == 0 }
        let bytes = sample.span
        var controls = 0
        for i in bytes.indices { controls &+= control(bytes[i]) ? 1 : 0 }
        return controls * 10 > sample.count ? sample.firstIndex(where: control) : nil
    }

    /// The byte a `--separator` names.
    static func separatorByte(_ text: String) throws(Failure) -> UInt8 {
        switch text.lowercased() {
        case "tab", "\\t", "\t": return 0x09
        case "comma": return 0x2C
        case "semicolon": return 0x3B
        case "pipe": return 0x7C
        default:
            guard text.utf8.count == 1, let byte = text.utf8.first, byte >= 0x20, byte < 0x7F, byte != 0x22 else {
                throw Failure(description: "--separator '\(text)' must be one printable ASCII character other than a quote, or tab, comma, semicolon or pipe", status: 64)
            }
            return byte
        }
    }
}
