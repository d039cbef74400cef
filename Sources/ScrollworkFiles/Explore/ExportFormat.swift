/// What a save writes: CSV (RFC 4180), TSV or JSON Lines.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// Comma-separated values; a field holding a comma, a quote or a line break is quoted.
    case csv
    /// Tab-separated values; a field holding a tab, a quote or a line break is quoted, as
    /// Python's `csv` module and spreadsheets write it.
    case tsv
    /// One JSON object a line, the column titles its keys: numbers of a numeric column as
    /// numbers, missing values as `null`, the rest as strings.
    case jsonLines

    /// The format a file name's extension says: `.csv`; `.tsv` or `.tab`; `.jsonl`, `.ndjson`
    /// or `.json`, each also with `.gz` or `.zst` after it (written compressed, ``OutputFile``).
    /// Standard output (`-`) is CSV, and so is a device or a pipe that exists under another
    /// name (`/dev/null`, `/dev/stdout`, a FIFO).
    ///
    /// - Throws: ``ExploreError`` for another extension, naming the ones there are.
    public init(path: String) throws(ExploreError) {
        if path == "-" { self = .csv; return }
        if FileKind(path: path) == .special {
            self = .csv
            return
        }
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let compression = OutputCompression(path: name) { name = String(name.dropLast(compression.extensionLength)) }
        let ext = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        switch ext {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonl", "ndjson", "json": self = .jsonLines
        default:
            throw ExploreError("'\(path)': a saved view is CSV, TSV or JSON Lines, told by the name's ending: .csv, .tsv (or .tab), .jsonl (or .ndjson, .json), each with .gz or .zst after it to compress")
        }
    }
}
