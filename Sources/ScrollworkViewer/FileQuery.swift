import Scrollwork
import ScrollworkFiles

/// `scrollwork open FILE --filter … --output FILE`: a ``ViewRecipe`` carried out on a table
/// file without a terminal, through ``TableQuery``, the pipeline of every source's batch run.
public enum FileQuery {
    /// Carries out `recipe` on `table`'s file (indexed to its end first) and writes the result
    /// to `path` (`-`: standard output) in the format its name says, using `loop`'s cores.
    /// Returns the rows written. A file at `path` is replaced only when `replacingExisting`, and
    /// never when it is the file read.
    ///
    /// - Throws: ``OpenFile/Failure``: status 64 for a recipe or output name that is wrong (a
    ///   filter that does not parse, a column no one has), 1 when the file cannot be read (its
    ///   compressed data damaged or cut short included: nothing is written then), the target
    ///   exists and may not be replaced, or the result cannot be written.
    public static func write(_ table: FileTable, recipe: ViewRecipe, to path: String, replacingExisting: Bool = false,
                             concurrently loop: ConcurrentLoop = .serial) throws(OpenFile.Failure) -> Int {
        do { try recipe.validate() } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
        // Typed from every row, as the screen's columns are once the file is read: a text past
        // the first rows makes a column text for the sort and the save here too. Only the
        // columns whose type the result depends on: typing every field of every record had
        // taken two thirds of a count of one column of a large CSV.
        let format: ExportFormat
        do { format = try ExportFormat(path: path) } catch { throw OpenFile.Failure(description: "\(error)", status: 64) }
        let typed = recipe.columnsTyped(ColumnNames(table.columnTitles), writing: format)
        let whole: RowsTable<FileRows>
        do { whole = try table.wholeRows(concurrently: loop, typing: typed) } catch { throw OpenFile.Failure(description: "\(table.title): \(error)") }
        return try TableQuery.write(whole, recipe: recipe, to: path, replacingExisting: replacingExisting)
    }
}
