import Scrollwork
import ScrollworkFiles

/// `scrollwork open FILE --filter … --output FILE`: a ``ViewRecipe`` carried out on a table
/// file without a terminal, through ``TableQuery``, the pipeline of every source's batch run.
public enum FileQuery {
    /// Carries out `recipe` on `viewer`'s file (indexed to its end first) and writes the result
    /// to `path` (`-`: standard output) in the format its name says, using `loop`'s cores.
    /// Returns the rows written. A file at `path` is replaced only when `replacingExisting`, and
    /// never when it is the file read.
    ///
    /// - Throws: ``OpenFile/Failure``: status 64 for a recipe or output name that is wrong (a
    ///   filter that does not parse, a column no one has), 1 when the file cannot be read (its
    ///   compressed data damaged or cut short included: nothing is written then), the target
    ///   exists and may not be replaced, or the result cannot be written.
    public static func write(_ viewer: FileViewer, recipe: ViewRecipe, to path: String, replacingExisting: Bool = false,
                             concurrently loop: ConcurrentLoop = .serial) throws(OpenFile.Failure) -> Int {
        var viewer = viewer
        do {
            try recipe.validate()
            _ = try ExportFormat(path: path)
        } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
        do { try viewer.indexToEnd() } catch { throw OpenFile.Failure(description: "\(error)") }
        // The rows after damage are not there, and the last one read may be cut: no count or
        // save from them is true.
        if let damage = viewer.file.damage { throw OpenFile.Failure(description: "\(viewer.name): \(damage); nothing was written") }
        // Typed from every row, as the viewer's columns are once its steps are done: a text
        // past the first rows makes a column text for the sort and the save here too.
        viewer.typeToEnd(concurrently: loop)
        return try TableQuery.write(viewer.rowsTable(viewer.fileRows, concurrently: loop), recipe: recipe, to: path, replacingExisting: replacingExisting)
    }
}
extension FileViewer {
    /// `rows` of the file (all of them, or those its filters keep) as a table, its hidden
    /// columns sorting too: what a batch run writes and what the viewer explores.
    func rowsTable<Rows: InPlaceRows>(_ rows: Rows, concurrently loop: ConcurrentLoop) -> RowsTable<Rows> {
        RowsTable(rows, columns: table.columns + hiddenColumns.map(\.column), titles: fieldTitles, numeric: numeric(Array(fieldTitles.indices)),
                  missing: missing, readFiles: readFiles, title: name, concurrently: loop)
    }
}
