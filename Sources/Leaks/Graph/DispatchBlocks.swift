import Probes

/// Blocks given to `DispatchQueue.asyncAfter` in a check: libdispatch alone holds a block pending on a
/// queue, and what its closure captures, until it runs; no object of the process refers to it. The
/// allocation hook hands each to the check as a record that says whether the block has run yet
/// (``AllocationTracking/pendingBlock(_:)``); a block still pending at the verdict whose captures hold an
/// object made in the check is its holder.
package enum DispatchBlocks {
    /// Reads a record of the hook: the three calls of its C side.
    package struct Access: Sendable {
        /// The block's address while it has not run, kept alive until `endReading`; nil once it ran.
        let read: @Sendable (UnsafeMutableRawPointer) -> UInt?
        let endReading: @Sendable (UnsafeMutableRawPointer) -> Void
        /// Gives the record up.
        let forget: @Sendable (UnsafeMutableRawPointer) -> Void

        package init(
            read: @escaping @Sendable (UnsafeMutableRawPointer) -> UInt?,
            endReading: @escaping @Sendable (UnsafeMutableRawPointer) -> Void,
            forget: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
        ) {
            self.read = read
            self.endReading = endReading
            self.forget = forget
        }
    }

    /// A block given to `asyncAfter` in the check.
    struct Block: @unchecked Sendable {
        let record: UnsafeMutableRawPointer
        let access: Access
        /// Where the code that gave it is, placed in the source only for what a report shows.
        let madeAt: @Sendable () -> SourceSite

        func forget() { access.forget(record) }
    }

    /// The most blocks watched per check.
    static let budget = 1_024

    static let pattern = LeakPattern(
        id: "dispatch-block-captures-object", name: "a block pending on a dispatch queue captures the object strongly",
        source: nil,
        fix: "capture [weak self] in the block (or give the queue a DispatchWorkItem and cancel it in deinit)")

    /// The path from a block still pending whose captures hold `object` strongly:
    /// `block given to asyncAfter at File.swift:N ─captures→` the object.
    static func path(to object: RetainNode, among blocks: [Block], inspector: HeapInspector) -> RetainCycle? {
        for block in blocks {
            guard let address = block.access.read(block.record) else { continue }
            defer { block.access.endReading(block.record) }
            guard HiddenHolder.blockHolds(object.address, block: address, inspector: inspector) else { continue }
            let site = block.madeAt()
            let holder = RetainNode(address: address, name: "block given to asyncAfter at \(site)", kind: .dispatchWork)
            return RetainCycle(
                edges: [RetainEdge(from: holder, to: object, reference: .capture, kind: .strong, site: "\(site)")],
                isVerified: true)
        }
        return nil
    }
}
