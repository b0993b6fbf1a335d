#if Lint
import SwiftSyntax

/// One change to a file's text: the UTF-8 bytes in `range` become `replacement`
/// (an insertion when the range is empty). Offsets are the parser's, so edits
/// keep every byte they do not touch: formatting and comments stay.
package struct SourceEdit: Sendable, Hashable {
    /// The UTF-8 byte offsets replaced.
    package let range: Range<Int>
    /// The new text.
    package let replacement: String

    /// Inserts `text` at `position`.
    static func insert(_ text: String, at position: AbsolutePosition) -> SourceEdit {
        SourceEdit(range: position.utf8Offset..<position.utf8Offset, replacement: text)
    }

    /// Replaces the bytes from `start` up to `end` with `text`.
    static func replace(from start: AbsolutePosition, to end: AbsolutePosition, with text: String) -> SourceEdit {
        SourceEdit(range: start.utf8Offset..<end.utf8Offset, replacement: text)
    }

    /// Whether the two edits touch the same bytes, or insert at the same place.
    package func overlaps(_ other: SourceEdit) -> Bool {
        range.overlaps(other.range) || range.lowerBound == other.range.lowerBound
            || (range.isEmpty && other.range.contains(range.lowerBound))
            || (other.range.isEmpty && range.contains(other.range.lowerBound))
    }
}

/// Why a fix is not made, in a sentence a report can print.
package struct Unfixable: Error, Sendable {
    /// The reason.
    package let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

extension String {
    /// The text with `edits` applied; the edits must not overlap.
    package func applying(_ edits: [SourceEdit]) -> String {
        var bytes = Array(utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
#endif
