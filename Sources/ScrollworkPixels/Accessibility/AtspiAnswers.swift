#if Window
import Scrollwork
import ScrollworkWidgets

/// The answer to one AT-SPI method call, worked out from a tree alone, so that it is the same
/// on the bridge's thread and in a test.
struct AtspiAnswers {
    /// The tree the answers come from.
    let tree: AtspiTree
    /// The bus name objects are referred to by (the bridge's own).
    let bus: String

    /// What a call came to.
    enum Answer: Equatable {
        case values([DBusValue])
        case error(name: String, text: String)
        /// Action `action` of the object at `path` is to be done, on the app's thread; the
        /// caller is told it will be.
        case perform(path: String, action: Int)
    }

    private static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    private static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"

    /// Answers `member` of `interface` on the object at `path` with `arguments`.
    func answer(path: String, interface: String, member: String, arguments: [DBusValue]) -> Answer {
        if path == "/org/a11y/atspi/cache" && member == "GetItems" {
            // Objects are read when asked for, never sent ahead.
            return .values([.array(signature: "((so)(so)(so)iiassusau)", [])])
        }
        guard let node = tree.node(at: path) else { return .error(name: Self.unknownObject, text: "no accessible object at \(path)") }
        if let asked = pressing(node, interface, member, arguments) { return asked }
        let found: [DBusValue]?
        switch interface {
        case "org.freedesktop.DBus.Properties": found = properties(node, member, arguments)
        case "org.a11y.atspi.Accessible": found = accessible(node, member, arguments)
        case "org.a11y.atspi.Application": found = application(member)
        case "org.a11y.atspi.Component": found = component(node, member, arguments)
        case "org.a11y.atspi.Table": found = table(node, member, arguments)
        case "org.a11y.atspi.Selection": found = selection(node, member, arguments)
        case "org.a11y.atspi.Text": found = text(node, member, arguments)
        case "org.a11y.atspi.Action":
            let actions = node.element?.actions ?? []
            if member == "DoAction" {
                guard let index = argument(arguments, 0), actions.indices.contains(index) else { return .values([.boolean(false)]) }
                return .perform(path: path, action: index)
            }
            found = action(actions, member, arguments)
        default: found = nil
        }
        guard let found else { return .error(name: Self.unknownMethod, text: "\(interface).\(member) is not answered at \(path)") }
        return .values(found)
    }

    /// An assistive tool's GrabFocus on an object, or SelectChild of a list, table or row of
    /// tabs: done as a person does it, by a click on the object (what its click action does),
    /// on the app's thread. Only what is on screen can be clicked, as in GTK, whose lists have
    /// no objects for rows off screen; anything else answers false. Nil for any other call.
    private func pressing(_ node: AtspiTree.Node, _ interface: String, _ member: String, _ arguments: [DBusValue]) -> Answer? {
        let target: AtspiTree.Node?
        switch (interface, member) {
        case ("org.a11y.atspi.Component", "GrabFocus"): target = node
        case ("org.a11y.atspi.Selection", "SelectChild"):
            target = argument(arguments, 0).flatMap { tree.childPath(of: node, at: $0) }.flatMap { tree.node(at: $0) }
        default: return nil
        }
        guard let target, let click = target.element?.actions.firstIndex(where: { $0.kind == .click }) else { return .values([.boolean(false)]) }
        return .perform(path: target.path, action: click)
    }

    // MARK: References

    private func reference(_ path: String?) -> DBusValue { .reference(bus, path ?? AtspiTree.nullPath) }

    private func argument(_ arguments: [DBusValue], _ i: Int) -> Int? { i < arguments.count ? arguments[i].integer : nil }

    // MARK: Properties

    private func properties(_ node: AtspiTree.Node, _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        switch member {
        case "Get":
            guard arguments.count == 2, let interface = arguments[0].text, let name = arguments[1].text,
                  let value = property(node, interface, name) else { return nil }
            return [.variant(value)]
        case "GetAll":
            guard let interface = arguments.first?.text else { return nil }
            let names = Self.propertyNames[interface] ?? []
            let entries = names.compactMap { name in property(node, interface, name).map { DBusValue.entry(.string(name), .variant($0)) } }
            return [.array(signature: "{sv}", entries)]
        case "Set":
            // The registry sets the application's id; nothing else is settable, nothing is kept.
            return []
        default:
            return nil
        }
    }

    private static let propertyNames: [String: [String]] = [
        "org.a11y.atspi.Accessible": ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
        "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"],
        "org.a11y.atspi.Table": ["NRows", "NColumns", "Caption", "Summary", "NSelectedRows", "NSelectedColumns"],
        "org.a11y.atspi.Selection": ["NSelectedChildren"],
        "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"],
        "org.a11y.atspi.TableCell": ["ColumnSpan", "RowSpan", "Position", "Table"],
        "org.a11y.atspi.Action": ["NActions"],
        "org.a11y.atspi.Value": ["MinimumValue", "MaximumValue", "MinimumIncrement", "CurrentValue", "Text"],
    ]

    private func property(_ node: AtspiTree.Node, _ interface: String, _ name: String) -> DBusValue? {
        let element = node.element
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"):
            if node.isApplication { return .string(tree.applicationName) }
            return .string(element.map(Self.spokenName) ?? tree.title)
        case ("org.a11y.atspi.Accessible", "Description"):
            // A document's value is its text, read through Text, not said as a description.
            return .string(element?.role == .document ? "" : element?.value ?? "")
        case ("org.a11y.atspi.Accessible", "Parent"): return node.parent.map { reference($0) } ?? .reference("org.a11y.atspi.Registry", AtspiTree.applicationPath)
        case ("org.a11y.atspi.Accessible", "ChildCount"): return .int32(Int32(clamping: tree.childCount(of: node)))
        case ("org.a11y.atspi.Accessible", "Locale"): return .string("")
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return .string(node.path.dropFirst(AtspiTree.base.count + 1).description)
        case ("org.a11y.atspi.Application", "ToolkitName"): return .string("Scrollwork")
        case ("org.a11y.atspi.Application", "Version"): return .string("1")
        case ("org.a11y.atspi.Application", "AtspiVersion"): return .string("2.1")
        case ("org.a11y.atspi.Application", "Id"): return .int32(0)
        case ("org.a11y.atspi.Table", "NRows"): return .int32(Int32(clamping: element?.rowCount ?? 0))
        case ("org.a11y.atspi.Table", "NColumns"): return .int32(Int32(clamping: element?.columnCount ?? 0))
        case ("org.a11y.atspi.Table", "Caption"), ("org.a11y.atspi.Table", "Summary"): return reference(nil)
        case ("org.a11y.atspi.Table", "NSelectedRows"): return .int32(Int32(clamping: selectedRows(node).count))
        case ("org.a11y.atspi.Selection", "NSelectedChildren"): return .int32(Int32(clamping: selectedChildren(node).count))
        case ("org.a11y.atspi.Table", "NSelectedColumns"): return .int32(0)
        case ("org.a11y.atspi.Text", "CharacterCount"): return .int32(Int32(clamping: Self.text(of: element).count))
        case ("org.a11y.atspi.Text", "CaretOffset"): return .int32(Self.caret(of: element))
        case ("org.a11y.atspi.TableCell", "ColumnSpan"), ("org.a11y.atspi.TableCell", "RowSpan"): return .int32(1)
        case ("org.a11y.atspi.TableCell", "Position"):
            return .structure([.int32(Int32(clamping: element?.rowIndex ?? 0)), .int32(Int32(clamping: element?.columnIndex ?? 0))])
        case ("org.a11y.atspi.TableCell", "Table"): return reference(node.parent.flatMap { tree.node(at: $0)?.parent })
        case ("org.a11y.atspi.Action", "NActions"): return .int32(Int32(clamping: element?.actions.count ?? 0))
        case ("org.a11y.atspi.Value", "MinimumValue"): return element?.range.map { .double($0.minimum) }
        case ("org.a11y.atspi.Value", "MaximumValue"): return element?.range.map { .double($0.maximum) }
        case ("org.a11y.atspi.Value", "MinimumIncrement"): return element?.range.map { .double($0.step) }
        case ("org.a11y.atspi.Value", "CurrentValue"): return element?.range.map { .double($0.current) }
        case ("org.a11y.atspi.Value", "Text"): return element?.range.map { _ in .string(element?.value ?? "") }
        default: return nil
        }
    }

    /// What a screen reader says an element is called: its name, or for an element without
    /// one that has a value (a scroll area, the page dots), nothing more: the value is its
    /// description. A heading says how the rows are sorted by it.
    static func spokenName(_ element: AccessibilityElement) -> String {
        if element.state.contains(.sortedAscending) { return element.name + ", sorted ascending" }
        if element.state.contains(.sortedDescending) { return element.name + ", sorted descending" }
        return element.name
    }

    /// Where the caret is: where the element says (a document's, on its first line shown), else
    /// after a field's text, at the start of anything else's.
    static func caret(of element: AccessibilityElement?) -> Int32 {
        if let offset = element?.caretOffset { return Int32(clamping: Swift.min(Swift.max(0, offset), text(of: element).count)) }
        return element?.role == .textField ? Int32(clamping: text(of: element).count) : 0
    }

    /// The text of a field, document or label: a field's or document's value, a label's name.
    static func text(of element: AccessibilityElement?) -> [Character] {
        guard let element else { return [] }
        return Array(element.role == .textField || element.role == .document ? element.value ?? "" : element.name)
    }

    /// The span of `characters` around `offset` of one unit: a character, a word (with the
    /// spaces after it) or a line (with its line break), as AT-SPI's boundaries and
    /// granularities name them; sentences and paragraphs are read as lines.
    static func span(of characters: [Character], at offset: Int, unit: TextUnit) -> Range<Int> {
        let count = characters.count
        guard count > 0 else { return 0..<0 }
        let at = Swift.min(Swift.max(offset, 0), count - 1)
        switch unit {
        case .character:
            return at..<(at + 1)
        case .word:
            var start = at, end = at
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            while end < count, !characters[end].isWhitespace { end += 1 }
            while end < count, characters[end].isWhitespace, characters[end] != "\n" { end += 1 }
            return start..<end
        case .line:
            var start = at, end = at
            while start > 0, characters[start - 1] != "\n" { start -= 1 }
            while end < count, characters[end] != "\n" { end += 1 }
            return start..<Swift.min(end + 1, count)
        }
    }

    /// Each line of an element's text that has a frame (``AccessibilityElement/lineFrames``):
    /// where it starts in the text, how many characters it has, and where it lies in points.
    static func framedLines(of element: AccessibilityElement?) -> [(start: Int, count: Int, frame: Rect)] {
        guard let element, !element.lineFrames.isEmpty else { return [] }
        var start = 0
        return zip((element.value ?? "").split(separator: "\n", omittingEmptySubsequences: false), element.lineFrames).map { line, frame in
            defer { start += line.count + 1 }
            return (start, line.count, frame)
        }
    }

    /// Where character `offset` lies among `lines` (``framedLines(of:)``), in points: its share
    /// of its line's width (exact for monospaced text, an even share of proportional text); nil
    /// past the text (the end of a line is a box of no width after its last character).
    static func characterBox(in lines: [(start: Int, count: Int, frame: Rect)], _ offset: Int) -> Rect? {
        guard offset >= 0, let line = lines.first(where: { offset <= $0.start + $0.count }) else { return nil }
        let share = line.count > 0 ? line.frame.width / Double(line.count) : 0, along = offset - line.start
        return Rect(x: line.frame.minX + share * Double(along), y: line.frame.minY, width: along < line.count ? share : 0, height: line.frame.height)
    }

    /// The offset of the character of `node`'s text under the pixel `point`: the line whose
    /// frame holds its height, the character by its share of the line's width; nil where no
    /// line lies there.
    private func offset(in node: AtspiTree.Node, at point: (x: Int, y: Int), onScreen: Bool) -> Int? {
        for line in Self.framedLines(of: node.element) {
            let box = tree.pixels(line.frame, onScreen: onScreen)
            guard point.y >= Int(box.y), point.y < Int(box.y) + Int(box.height) else { continue }
            let along = box.width > 0 ? Double(point.x - Int(box.x)) / Double(box.width) : 0
            return line.start + Swift.min(Swift.max(0, Int((along * Double(line.count)).rounded(.down))), line.count)
        }
        return nil
    }

    /// What a text is read by.
    enum TextUnit {
        case character, word, line

        /// AT-SPI's boundary type (GetTextAtOffset): character, word start/end, sentence
        /// start/end, line start/end.
        init(boundary: Int) { self = boundary == 0 ? .character : boundary <= 2 ? .word : .line }
        /// AT-SPI's granularity (GetStringAtOffset): character, word, sentence, line, paragraph.
        init(granularity: Int) { self = granularity == 0 ? .character : granularity == 1 ? .word : .line }
    }

    // MARK: Accessible

    private func accessible(_ node: AtspiTree.Node, _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        switch member {
        case "GetChildAtIndex":
            guard let index = argument(arguments, 0) else { return nil }
            return [reference(tree.childPath(of: node, at: index))]
        case "GetChildren":
            // A list or table of millions has no list of children to give: its rows are asked for one by one.
            let count = tree.childCount(of: node)
            let children = count > 10_000 ? [] : (0..<count).compactMap { tree.childPath(of: node, at: $0) }.map { reference($0) }
            return [.array(signature: "(so)", children)]
        case "GetIndexInParent": return [.int32(Int32(clamping: node.indexInParent))]
        case "GetRelationSet": return [.array(signature: "(ua(so))", [])]
        case "GetRole": return [.uint32(AtspiRoles.role(of: node).number)]
        case "GetRoleName", "GetLocalizedRoleName": return [.string(AtspiRoles.role(of: node).name)]
        case "GetState":
            let words = AtspiRoles.stateWords(AtspiRoles.states(of: node, windowIsActive: tree.isActive, hasFocus: tree.hasFocus(node)))
            return [.array(signature: "u", words.map { .uint32($0) })]
        case "GetAttributes": return [.array(signature: "{ss}", attributes(node))]
        case "GetApplication": return [reference(AtspiTree.applicationPath)]
        case "GetInterfaces": return [.array(signature: "s", AtspiRoles.interfaces(of: node).map { .string($0) })]
        default: return nil
        }
    }

    private func attributes(_ node: AtspiTree.Node) -> [DBusValue] {
        var pairs: [(String, String)] = [("toolkit", "Scrollwork")]
        if let element = node.element {
            if let level = element.level { pairs.append(("level", "\(level + 1)")) }
            if element.role == .row, let index = element.rowIndex { pairs.append(("rowindex", "\(index + 1)")) }
            if element.state.contains(.sortedAscending) { pairs.append(("sort", "ascending")) }
            if element.state.contains(.sortedDescending) { pairs.append(("sort", "descending")) }
        }
        return pairs.map { .entry(.string($0.0), .string($0.1)) }
    }

    // MARK: Action

    private func action(_ actions: [AccessibilityAction], _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        func named(_ i: Int?) -> AccessibilityAction.Kind? { i.flatMap { actions.indices.contains($0) ? actions[$0].kind : nil } }
        switch member {
        case "GetActions":
            return [.array(signature: "(sss)", actions.map { .structure([.string($0.kind.rawValue), .string(Self.describe($0.kind)), .string("")]) })]
        case "GetName", "GetLocalizedName": return [.string(named(argument(arguments, 0))?.rawValue ?? "")]
        case "GetDescription": return [.string(named(argument(arguments, 0)).map(Self.describe) ?? "")]
        case "GetKeyBinding": return [.string("")]
        default: return nil
        }
    }

    /// What an action does, in words.
    static func describe(_ kind: AccessibilityAction.Kind) -> String {
        switch kind {
        case .click: "Presses it"
        case .expand: "Shows its children"
        case .collapse: "Hides its children"
        case .increment: "Goes to the next page"
        case .decrement: "Goes to the previous page"
        case .menu: "Opens its context menu"
        case .sortAscending: "Sorts the rows by it, smallest first"
        case .sortDescending: "Sorts the rows by it, largest first"
        }
    }

    // MARK: Application

    private func application(_ member: String) -> [DBusValue]? {
        switch member {
        case "GetLocale": return [.string("")]
        case "RegisterEventListener", "DeregisterEventListener": return []
        default: return nil
        }
    }

    // MARK: Component

    private func component(_ node: AtspiTree.Node, _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        let onScreen = argument(arguments, member == "GetExtents" || member == "GetPosition" ? 0 : 2) == 0
        let box = tree.pixels(tree.frame(of: node), onScreen: onScreen)
        switch member {
        case "GetExtents": return [.structure([.int32(box.x), .int32(box.y), .int32(box.width), .int32(box.height)])]
        case "GetPosition": return [.int32(box.x), .int32(box.y)]
        case "GetSize": return [.int32(box.width), .int32(box.height)]
        case "GetLayer": return [.uint32(node.isWindow ? 7 : 3)]  // window, widget
        case "GetAlpha": return [.double(1)]
        case "Contains":
            guard let x = argument(arguments, 0), let y = argument(arguments, 1) else { return nil }
            return [.boolean(Self.contains(box, x, y))]
        case "GetAccessibleAtPoint":
            guard let x = argument(arguments, 0), let y = argument(arguments, 1) else { return nil }
            return [reference(deepest(at: (x, y), from: node, onScreen: onScreen))]
        default: return nil
        }
    }

    /// True when the pixel `x`, `y` is inside `box` (added up in 64 bits: a box at the far end of
    /// 32 bits does not overflow).
    static func contains(_ box: (x: Int32, y: Int32, width: Int32, height: Int32), _ x: Int, _ y: Int) -> Bool {
        x >= Int(box.x) && x < Int(box.x) + Int(box.width) && y >= Int(box.y) && y < Int(box.y) + Int(box.height)
    }

    /// The deepest object on screen under the pixel `point`, starting inside `node`.
    private func deepest(at point: (x: Int, y: Int), from node: AtspiTree.Node, onScreen: Bool) -> String? {
        func contains(_ candidate: AtspiTree.Node) -> Bool {
            let box = tree.pixels(tree.frame(of: candidate), onScreen: onScreen)
            return Self.contains(box, point.x, point.y)
        }
        guard contains(node) || node.isApplication else { return nil }
        var current = node
        descending: while true {
            for path in shownChildPaths(of: current) {
                guard let next = tree.node(at: path), contains(next) else { continue }
                current = next
                continue descending
            }
            return current.path
        }
    }

    /// The paths of the children of `node` that are on screen, rows by their index.
    private func shownChildPaths(of node: AtspiTree.Node) -> [String] {
        if node.isApplication { return [AtspiTree.windowPath] }
        if node.isWindow { return tree.contentPath.map { [$0] } ?? [] }
        guard let element = node.element else { return [] }
        var fixed = 0
        return element.children.map { child in
            if element.rowCount != nil, child.role == .row, let index = child.rowIndex { return node.path + "/r\(index)" }
            defer { fixed += 1 }
            return node.path + "/" + tree.part(for: child, at: fixed, in: node.path)
        }
    }

    // MARK: Table and selection

    private func rowsStart(_ node: AtspiTree.Node) -> Int { tree.childCount(of: node) - (node.element?.rowCount ?? 0) }

    private func selectedRows(_ node: AtspiTree.Node) -> [Int] {
        if let rows = node.element?.rows { return rows.selectedRows() }
        return (node.element?.children ?? []).compactMap { $0.role == .row && $0.state.contains(.selected) ? $0.rowIndex : nil }
    }

    private func table(_ node: AtspiTree.Node, _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        let columns = node.element?.columnCount ?? 0
        let row = argument(arguments, 0) ?? -1, column = argument(arguments, 1) ?? -1
        switch member {
        case "GetAccessibleAt":
            let cell = tree.node(at: node.path + "/r\(row)").flatMap { rowNode in
                (rowNode.element?.children.firstIndex { $0.columnIndex == column }).flatMap { tree.fixedChildPath(of: rowNode, at: $0) }
            }
            return [reference(cell)]
        case "GetIndexAt": return [.int32(Int32(clamping: row &* Swift.max(columns, 1) &+ column))]
        case "GetRowAtIndex": return [.int32(Int32(clamping: columns > 0 ? row / columns : row))]
        case "GetColumnAtIndex": return [.int32(Int32(clamping: columns > 0 ? row % columns : 0))]
        case "GetRowDescription": return [.string("")]
        case "GetColumnDescription":
            return [.string(node.element?.children.first { $0.role == .columnHeader && $0.columnIndex == row }?.name ?? "")]
        case "GetRowExtentAt", "GetColumnExtentAt": return [.int32(1)]
        case "GetRowHeader": return [reference(nil)]
        case "GetColumnHeader":
            let index = tree.fixedChildren(of: node).firstIndex { $0.role == .columnHeader && $0.columnIndex == row }
            return [reference(index.flatMap { tree.fixedChildPath(of: node, at: $0) })]
        case "GetSelectedRows": return [.array(signature: "i", selectedRows(node).map { .int32(Int32(clamping: $0)) })]
        case "GetSelectedColumns": return [.array(signature: "i", [])]
        case "IsRowSelected": return [.boolean(isSelected(node, row: row))]
        case "IsColumnSelected": return [.boolean(false)]
        case "IsSelected": return [.boolean(isSelected(node, row: row))]
        default: return nil
        }
    }

    private func isSelected(_ node: AtspiTree.Node, row: Int) -> Bool {
        tree.node(at: node.path + "/r\(row)")?.element?.state.contains(.selected) ?? false
    }

    /// The selected children of `node` as child indexes and paths: a list's or table's rows
    /// (among all of them), or the children of a menu or a row of tabs.
    private func selectedChildren(_ node: AtspiTree.Node) -> [(index: Int, path: String)] {
        guard let element = node.element else { return [] }
        if element.rowCount != nil { return selectedRows(node).map { (rowsStart(node) + $0, node.path + "/r\($0)") } }
        return element.children.indices.filter { element.children[$0].state.contains(.selected) }.compactMap { index in
            tree.fixedChildPath(of: node, at: index).map { (index, $0) }
        }
    }

    private func selection(_ node: AtspiTree.Node, _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        let selected = selectedChildren(node)
        switch member {
        case "GetSelectedChild":
            guard let i = argument(arguments, 0), i >= 0, i < selected.count else { return [reference(nil)] }
            return [reference(selected[i].path)]
        case "IsChildSelected":
            guard let i = argument(arguments, 0) else { return nil }
            return [.boolean(selected.contains { $0.index == i })]
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection":
            // Selection is changed by a click (SelectChild, answered before) or the app's own keys.
            return [.boolean(false)]
        default: return nil
        }
    }

    // MARK: Text

    private func text(_ node: AtspiTree.Node, _ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
        let characters = Self.text(of: node.element)
        func clamp(_ i: Int?) -> Int { Swift.min(Swift.max(i ?? 0, 0), characters.count) }
        switch member {
        case "GetText":
            let start = clamp(argument(arguments, 0))
            let end = argument(arguments, 1).map { $0 < 0 ? characters.count : clamp($0) } ?? characters.count
            return [.string(start < end ? String(characters[start..<end]) : "")]
        case "GetCharacterAtOffset":
            let i = argument(arguments, 0) ?? -1
            let scalar = i >= 0 && i < characters.count ? characters[i].unicodeScalars.first.map { Int32(bitPattern: $0.value) } ?? 0 : 0
            return [.int32(scalar)]
        case "GetTextAtOffset", "GetStringAtOffset":
            guard let offset = argument(arguments, 0), let kind = argument(arguments, 1) else { return nil }
            let unit = member == "GetTextAtOffset" ? TextUnit(boundary: kind) : TextUnit(granularity: kind)
            let span = Self.span(of: characters, at: offset, unit: unit)
            return [.string(String(characters[span])), .int32(Int32(clamping: span.lowerBound)), .int32(Int32(clamping: span.upperBound))]
        case "GetCaretOffset": return [.int32(Self.caret(of: node.element))]
        case "GetDefaultAttributes", "GetDefaultAttributeSet": return [.array(signature: "{ss}", [])]
        case "GetAttributes", "GetAttributeRun":
            // One run of plain text: no attributes from start to end.
            return [.array(signature: "{ss}", []), .int32(0), .int32(Int32(clamping: characters.count))]
        case "GetAttributeValue": return [.string("")]
        case "GetNSelections": return [.int32(node.element?.textSelection?.isEmpty == false ? 1 : 0)]
        case "GetSelection":
            // The one selection (number 0), or none.
            guard argument(arguments, 0) == 0, let chosen = node.element?.textSelection, !chosen.isEmpty else { return [.int32(0), .int32(0)] }
            return [.int32(Int32(clamping: chosen.lowerBound)), .int32(Int32(clamping: chosen.upperBound))]
        case "GetCharacterExtents":
            guard let offset = argument(arguments, 0) else { return nil }
            let box = tree.pixels(Self.characterBox(in: Self.framedLines(of: node.element), offset) ?? .zero, onScreen: argument(arguments, 1) == 0)
            return [.int32(box.x), .int32(box.y), .int32(box.width), .int32(box.height)]
        case "GetRangeExtents":
            guard let start = argument(arguments, 0), let end = argument(arguments, 1) else { return nil }
            let lines = Self.framedLines(of: node.element)
            let boxes = (Swift.max(0, Swift.min(start, end))..<Swift.min(Swift.max(start, end), characters.count)).compactMap { Self.characterBox(in: lines, $0) }
            let union = boxes.dropFirst().reduce(boxes.first ?? .zero) { $0.union($1) }
            let box = tree.pixels(union, onScreen: argument(arguments, 2) == 0)
            return [.structure([.int32(box.x), .int32(box.y), .int32(box.width), .int32(box.height)])]
        case "GetOffsetAtPoint":
            guard let x = argument(arguments, 0), let y = argument(arguments, 1) else { return nil }
            return [.int32(Int32(clamping: offset(in: node, at: (x, y), onScreen: argument(arguments, 2) == 0) ?? -1))]
        default: return nil
        }
    }
}
#endif
