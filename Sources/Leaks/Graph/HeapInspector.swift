/// Reads heap objects into retain-graph nodes.
struct HeapInspector {
    func node(at address: UInt) -> HeapNode? { nil }
}

/// Strong reference counts read from the runtime.
enum RefCounts {
    @_silgen_name("swift_retainCount")
    private static func swift_retainCount(_ object: UnsafeMutableRawPointer) -> Int

    static func strongCount(ofObjectAt address: UInt) -> Int {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return 0 }
        return swift_retainCount(pointer)
    }
}

/// Finds the objects a closure context holds strongly.
enum CaptureReader {
    static func stronglyCapturedObjects(ofContext address: UInt) -> [AnyObject] { [] }
}

/// Names the guide's pattern for a cycle.
enum PatternClassifier {
    static func classify(_ cycle: RetainCycle) -> LeakPattern? { nil }
}
