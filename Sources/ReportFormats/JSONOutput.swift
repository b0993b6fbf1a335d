import Foundation

/// The one JSON configuration of everything RxLeaks writes: keys sorted so
/// that two runs diff cleanly, slashes left as they are so paths read as paths.
package enum JSONOutput {
    /// `value` pretty-printed, ending with a newline: a document a person or a CI step reads.
    package static func document(_ value: some Encodable) throws -> String {
        let encoder = encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// `value` on one line, without the newline: a record another process reads line by line.
    package static func line(_ value: some Encodable) throws -> Data {
        try encoder().encode(value)
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
