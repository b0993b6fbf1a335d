import CLeakTesting
import Leaks

/// Called by the C constructor in `CLeakTesting` when the test process
/// loads: connects the allocation hook linked into it to the engine, so leak
/// checks track the code under test's objects by themselves.
@_cdecl("rxleaks_allocation_tracking_install")
func installAllocationTracking() {
    rxleaks_allocation_hook_install(
        { module, metadata in AllocationTracking.records(classOf: metadata, inModule: module) },
        { object in AllocationTracking.allocated(object) },
        { context in AllocationTracking.makingTask(context: context) },
        { context, task in AllocationTracking.madeTask(context: context, task: task) },
        { record in AllocationTracking.pendingBlock(UnsafeMutableRawPointer(record)) },
        { message in AllocationTracking.continuationMisuse(String(cString: message)) })
    AllocationTracking.install(
        switch: { delta in rxleaks_allocation_hook_adjust(delta) },
        continuationWatch: { delta in rxleaks_continuation_misuse_watch(delta) },
        pendingBlocks: DispatchBlocks.Access(
            read: { record in rxleaks_pending_block_read(OpaquePointer(record)).map { UInt(bitPattern: $0) } },
            endReading: { record in rxleaks_pending_block_end_reading(OpaquePointer(record)) },
            forget: { record in rxleaks_pending_block_forget(OpaquePointer(record)) }))
}
