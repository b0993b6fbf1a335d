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
}

/// The blocks given to `asyncAfter` in a check and still pending, as roots of the path search: each
/// holds what its captures hold strongly, `block given to asyncAfter at File.swift:N ─captures→` the object.
struct DispatchBlockRoots: RootProvider {
    let blocks: [DispatchBlocks.Block]

    var kind: RootKind { .dispatchBlock }

    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        blocks.compactMap { block in
            guard let address = block.access.read(block.record) else { return nil }
            defer { block.access.endReading(block.record) }
            let held = targets.values.filter {
                HiddenHolder.blockHolds($0.address, block: address, inspector: inspector)
            }
            guard !held.isEmpty else { return nil }
            let site = block.madeAt()
            let holder = RetainNode(
                address: address, name: "block given to asyncAfter at \(site)", kind: .dispatchWork, call: "asyncAfter")
            return HeapRoot(kind: .dispatchBlock, capturing: held, from: holder, site: "\(site)")
        }
    }
}
