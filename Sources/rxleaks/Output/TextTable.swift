/// A table aligned in columns for people to read, with free-text lines
/// between rows (headings, notes) that do not affect column widths.
struct TextTable {
    /// How a column's cells line up.
    enum Alignment { case left, right }

    /// One cell: plain text for measuring, and how to style it once padded.
    struct Cell: ExpressibleByStringLiteral {
        var text: String
        var style: (String) -> String = { $0 }

        init(_ text: String, style: @escaping (String) -> String = { $0 }) {
            self.text = text
            self.style = style
        }

        init(stringLiteral text: String) { self.init(text) }
    }

    /// A row of cells, or a line of text printed as is.
    enum Row {
        case cells([Cell])
        case line(String)
    }

    let headers: [String]
    let alignments: [Alignment]
    var rows: [Row] = []

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    /// The table as text, headers styled with `headerStyle`, ending with a newline.
    func render(headerStyle: @escaping (String) -> String = { $0 }) -> String {
        var widths = headers.map(\.count)
        for case .cells(let cells) in rows {
            for (index, cell) in cells.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.text.count)
            }
        }
        func line(_ cells: [Cell]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.text.count))
                if index == cells.count - 1 && alignments[index] == .left { return cell.style(cell.text) }
                return alignments[index] == .left ? cell.style(cell.text) + padding : padding + cell.style(cell.text)
            }.joined(separator: "  ")
        }
        var output = line(headers.map { Cell($0, style: headerStyle) }) + "\n"
        for row in rows {
            switch row {
            case .cells(let cells): output += line(cells) + "\n"
            case .line(let text): output += text + "\n"
            }
        }
        return output
    }
}
