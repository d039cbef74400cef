/// A nested field's values put back together, row by row, from its leaves' levels (the record
/// assembly of Dremel, which Parquet's levels encode): lists as JSON arrays, structs and maps as
/// JSON objects, compact, one cell a row.
struct ParquetAssembly {
    /// One slot of a leaf: its levels and, when a value is there, the value's index.
    struct Slot {
        var repetition: Int
        var definition: Int
        var value: Int?
    }

    /// Each row's JSON for `field` (a root's child), from its leaves' chunks in order; nil for a
    /// null field.
    static func rows(of field: ParquetSchemaNode, chunks: [ParquetChunk], rowCount: Int) throws(ParquetMetadata.Failure) -> [String?] {
        let leaves = field.leafNodes
        guard leaves.count == chunks.count, !leaves.isEmpty else { throw ParquetBytes.failure("the field \(field.element.name) has \(chunks.count) of its \(leaves.count) columns") }
        let slots = zip(leaves, chunks).map { leaf, chunk in Self.slots(chunk, leaf: leaf) }
        // Each leaf's slots, cut at each row's first (repetition 0).
        let rowsOfLeaves = slots.map { leafSlots -> [ArraySlice<Slot>] in
            var rows: [ArraySlice<Slot>] = []
            var start = 0
            for k in leafSlots.indices.dropFirst() where leafSlots[k].repetition == 0 {
                rows.append(leafSlots[start..<k])
                start = k
            }
            if !leafSlots.isEmpty { rows.append(leafSlots[start...]) }
            return rows
        }
        guard rowsOfLeaves.allSatisfy({ $0.count == rowCount }) else { throw ParquetBytes.failure("the columns of \(field.element.name) disagree on its rows") }
        var out: [String?] = []
        out.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            let text = try json(field, rowsOfLeaves.map { $0[row] }, chunks: chunks, leaves: leaves, offset: field.leaves.lowerBound, asInstance: true)
            out.append(text == "null" ? nil : text)
        }
        return out
    }

    private static func slots(_ chunk: ParquetChunk, leaf: ParquetSchemaNode) -> [Slot] {
        var next = 0
        return (0..<chunk.slots).map { k in
            let definition = chunk.definitions.isEmpty ? leaf.definitionLevel : Int(chunk.definitions[k])
            let repetition = chunk.repetitions.isEmpty ? 0 : Int(chunk.repetitions[k])
            var value: Int? = nil
            if definition == leaf.definitionLevel {
                value = next
                next += 1
            }
            return Slot(repetition: repetition, definition: definition, value: value)
        }
    }

    /// The JSON of `node` over its leaves' `slices` (one a leaf under it); a repeated node's
    /// whole list when `asInstance`, else one of its items.
    private static func json(_ node: ParquetSchemaNode, _ slices: [ArraySlice<Slot>], chunks: [ParquetChunk], leaves: [ParquetSchemaNode], offset: Int,
                             asInstance: Bool) throws(ParquetMetadata.Failure) -> String {
        guard let first = slices.first?.first else { throw ParquetBytes.failure("a row of \(node.element.name) has no slots") }
        if node.isRepeated && asInstance {
            guard first.definition >= node.definitionLevel else { return "[]" }
            let items = try split(slices, at: node.repetitionLevel)
            return "[" + (try items.map { item throws(ParquetMetadata.Failure) in
                try json(node, item, chunks: chunks, leaves: leaves, offset: offset, asInstance: false)
            }).joined(separator: ",") + "]"
        }
        if node.isLeaf {
            guard first.definition >= node.definitionLevel, let index = first.value else { return "null" }
            let leaf = node.leaves.lowerBound - offset
            return jsonValue(node.kind, chunks[leaf].values, at: index)
        }
        guard first.definition >= node.definitionLevel else { return "null" }
        let children = node.children
        func childSlices(_ child: ParquetSchemaNode) -> [ArraySlice<Slot>] {
            Array(slices[(child.leaves.lowerBound - node.leaves.lowerBound)..<(child.leaves.upperBound - node.leaves.lowerBound)])
        }
        let logical = node.element.logical.flatMap { if case let .structure(f) = $0 { f.keys.first } else { nil } }
        if (logical == ParquetCode.Logical.list || node.element.converted == ParquetCode.Converted.list), children.count == 1, children[0].isRepeated {
            // A list: its one repeated child's items, each its element (three levels) or itself (two).
            let repeated = children[0]
            let slices = childSlices(repeated)
            guard slices.first?.first.map({ $0.definition >= repeated.definitionLevel }) == true else { return "[]" }
            let items = try split(slices, at: repeated.repetitionLevel)
            return "[" + (try items.map { item throws(ParquetMetadata.Failure) in
                if repeated.children.count == 1 {
                    return try json(repeated.children[0], item, chunks: chunks, leaves: leaves, offset: offset, asInstance: true)
                }
                return try json(repeated, item, chunks: chunks, leaves: leaves, offset: offset, asInstance: false)
            }).joined(separator: ",") + "]"
        }
        if (logical == ParquetCode.Logical.map || node.element.converted == ParquetCode.Converted.map || node.element.converted == ParquetCode.Converted.mapKeyValue), children.count == 1, children[0].isRepeated, children[0].children.count == 2 {
            // A map: its key_value items as an object's members.
            let pairs = children[0]
            let slices = childSlices(pairs)
            guard slices.first?.first.map({ $0.definition >= pairs.definitionLevel }) == true else { return "{}" }
            let items = try split(slices, at: pairs.repetitionLevel)
            let keyLeaves = pairs.children[0].leaves.count
            return "{" + (try items.map { item throws(ParquetMetadata.Failure) in
                let key = try json(pairs.children[0], Array(item.prefix(keyLeaves)), chunks: chunks, leaves: leaves, offset: offset, asInstance: true)
                let value = try json(pairs.children[1], Array(item.dropFirst(keyLeaves)), chunks: chunks, leaves: leaves, offset: offset, asInstance: true)
                return (key.hasPrefix("\"") ? key : quoted(key)) + ":" + value
            }).joined(separator: ",") + "}"
        }
        return "{" + (try children.map { child throws(ParquetMetadata.Failure) in
            quoted(child.element.name) + ":" + (try json(child, childSlices(child), chunks: chunks, leaves: leaves, offset: offset, asInstance: true))
        }).joined(separator: ",") + "}"
    }

    /// Each leaf's slots cut into the items of a list whose repetition level is `level`: an
    /// item starts where a slot repeats at that level or above.
    private static func split(_ slices: [ArraySlice<Slot>], at level: Int) throws(ParquetMetadata.Failure) -> [[ArraySlice<Slot>]] {
        let cut = slices.map { slice -> [ArraySlice<Slot>] in
            var items: [ArraySlice<Slot>] = []
            var start = slice.startIndex
            for k in slice.indices.dropFirst() where slice[k].repetition <= level {
                items.append(slice[start..<k])
                start = k
            }
            if !slice.isEmpty { items.append(slice[start...]) }
            return items
        }
        guard let count = cut.first?.count, cut.allSatisfy({ $0.count == count }) else { throw ParquetBytes.failure("the columns of a list disagree on its items") }
        return (0..<count).map { i in cut.map { $0[i] } }
    }

    /// A leaf's value in JSON: numbers and truth values bare, the rest as strings.
    static func jsonValue(_ kind: ParquetValueKind, _ values: ParquetValues, at index: Int) -> String {
        let value = kind.value(values, at: index)
        switch kind {
        case .signed, .unsigned, .float, .double, .decimal, .float16, .boolean:
            let text = value.description
            return ["nan", "inf", "-inf"].contains(text) ? quoted(text) : text
        default: return quoted(value.description)
        }
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
