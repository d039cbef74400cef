import ArgumentParser
import Scrollwork
import ScrollworkFiles

/// One sort of a delimited file's columns as `scrollwork open` sorts them (columns typed from
/// the first 5,000 rows, keys read from the bytes on every core), with nothing else around it:
/// the workload to profile a sort with (`perf`, `valgrind --tool=callgrind`).
struct SortFile: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sort",
                                                    abstract: "Index a CSV, TSV or JSON Lines (.jsonl) file and sort it by the named columns; print the first rows' record numbers.")

    @Argument(help: "The file.")
    var path: String

    @Argument(help: "Column titles, most significant first; -TITLE sorts descending.")
    var columns: [String]

    func run() throws {
        let file = try FileBytes(path: path)
        let json = path.hasSuffix(".jsonl")
        // JSON Lines as the viewer reads them: a blank line is no record.
        var index = json ? RecordIndex(scanner: RecordScanner(quotes: false, skipsBlankLines: true)) : RecordIndex()
        while try !index.extend(from: file) {}
        let source: any RowSource<DelimitedRecord> & Sendable
        let header: [String]
        if json {
            header = JSONLinesRows.keys(file: file, index: index, lines: 0..<1000, after: [])
            source = JSONLinesRows(file: file, index: index, keys: header)
        } else {
            let rows = DelimitedRows(file: file, index: index, dialect: DelimitedDialect.detect(sample: try file.read(at: 0, count: FileBytes.sampleSize), hint: path))
            header = rows.header ?? []
            source = rows
        }
        let shown = source.rows(in: 0..<5000)
        var table = TableState(rows: AnyRowSource(source), columns: header.indices.map { TableColumn.field($0, title: header[$0], sample: shown) })
        let order = try columns.map { name in
            let descending = name.hasPrefix("-")
            let title = descending ? String(name.dropFirst()) : name
            guard let c = header.firstIndex(of: title) else { throw ValidationError("no column '\(title)'; the columns are \(header.joined(separator: ", "))") }
            return SortOrder(columnID: "\(c)", ascending: !descending)
        }
        guard let result = table.sortJob(for: order).run(concurrently: .processors) else { throw ValidationError("the sort was cancelled") }
        try table.apply(result)
        var first: [String] = []
        for row in 0..<Swift.min(5, source.count) { first.append("\(try table.list.row(at: IndexPath(row: row, section: 0)).number)") }
        print(first.joined(separator: " "))
    }
}
