/// What a save writes: CSV (RFC 4180), TSV, JSON Lines or Parquet.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// Comma-separated values; a field holding a comma, a quote or a line break is quoted.
    case csv
    /// Tab-separated values; a field holding a tab, a quote or a line break is quoted, as
    /// Python's `csv` module and spreadsheets write it.
    case tsv
    /// One JSON object a line, the column titles its keys: numbers of a numeric column as
    /// numbers, missing values as `null`, the rest as strings.
    case jsonLines
    /// Apache Parquet: each column typed (whole numbers, reals or text, the narrowest that holds
    /// every value exactly as shown), missing values null, Snappy-compressed, dictionary-encoded
    /// where values repeat, in row groups of 65,536 rows; readable by pyarrow, DuckDB, Spark
    /// and pandas.
    case parquet

    /// The format a file name's extension says: `.csv`; `.tsv` or `.tab`; `.jsonl`, `.ndjson`
    /// or `.json`, each also with `.gz` or `.zst` after it (written compressed, ``OutputFile``);
    /// `.parquet` or `.pq` (which compresses its own pages: nothing after it).
    /// Standard output (`-`) is CSV, and so is a device or a pipe that exists under another
    /// name (`/dev/null`, `/dev/stdout`, a FIFO).
    ///
    /// - Throws: ``ExploreError`` for another extension, naming the ones there are, and for a
    ///   Parquet name with `.gz` or `.zst` after it.
    public init(path: String) throws(ExploreError) {
        if path == "-" { self = .csv; return }
        if FileKind(path: path) == .special {
            self = .csv
            return
        }
        var name = path.split(separator: "/").last.map(String.init) ?? path
        let compression = OutputCompression(path: name)
        if let compression { name = String(name.dropLast(compression.extensionLength)) }
        let ext = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        switch ext {
        case "parquet", "pq":
            guard compression == nil else {
                throw ExploreError("'\(path)': Parquet compresses its own pages (with Snappy), so a .parquet name takes no .gz or .zst after it")
            }
            self = .parquet
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonl", "ndjson", "json": self = .jsonLines
        default:
            throw ExploreError("'\(path)': a saved view is CSV, TSV, JSON Lines or Parquet, told by the name's ending: .csv, .tsv (or .tab), .jsonl (or .ndjson, .json), each with .gz or .zst after it to compress, or .parquet (or .pq)")
        }
    }
}
