@_exported import struct Foundation.IndexPath

extension IndexPath {
    /// An index path for `row` in `section`, as UIKit adds to Foundation.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section of a table index path.
    public var section: Int { self[0] }

    /// The row of a table index path.
    public var row: Int { self[1] }
}
