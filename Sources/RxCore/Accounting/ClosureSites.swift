/// Reading the context of a user closure and telling the current scope about it.
///
/// A closure value is two words: a function pointer and a context. The holders
/// below store the closure at its own function type, never through a plain
/// generic parameter, which would wrap it in a temporary reabstraction thunk;
/// so the context read is the one the operator really keeps.
enum ClosureSites {
    // Throwing and non-throwing closures get holders of their own: converting
    // a non-throwing closure to a throwing type may wrap it in a thunk.
    private struct Holder0<R> { let function: () throws -> R }
    private struct Holder1<A, R> { let function: (A) throws -> R }
    private struct Holder2<A, B, R> { let function: (A, B) throws -> R }
    // Closures returning `Void` get holders of their own too: stored as
    // returning a generic `R`, they would be wrapped in a thunk.
    private struct VoidHolder0 { let function: () -> Void }
    private struct VoidHolder1<A> { let function: (A) -> Void }
    private struct VoidHolder2<A, B> { let function: (A, B) -> Void }
    private struct NonThrowingHolder0<R> { let function: () -> R }
    private struct NonThrowingHolder1<A, R> { let function: (A) -> R }
    private struct NonThrowingHolder2<A, B, R> { let function: (A, B) -> R }
    // Predicates too: `Bool` stored as a generic `R` is returned indirectly,
    // so the closure would be wrapped in a thunk, allocated for every call.
    private struct PredicateHolder1<A> { let function: (A) throws -> Bool }
    private struct PredicateHolder2<A, B> { let function: (A, B) throws -> Bool }
    private struct Holder2Inout<A, B, R> { let function: (inout A, B) throws -> R }
    private struct Holder3<A, B, C, R> { let function: (A, B, C) throws -> R }
    private struct Holder4<A, B, C, D, R> { let function: (A, B, C, D) throws -> R }
    private struct PackHolder<each A, R> { let function: (repeat each A) throws -> R }

    @inline(__always)
    private static func secondWord<T>(of holder: T) -> UnsafeMutableRawPointer? {
        withUnsafeBytes(of: holder) { bytes in
            UnsafeMutableRawPointer(bitPattern: bytes.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self))
        }
    }

    @inline(__always)
    private static func report(
        _ context: @autoclosure () -> UnsafeMutableRawPointer?, _ operatorName: String, _ site: CallSite
    ) {
        guard let scope = ResourceScope.attributable, let observer = scope.observer else { return }
        observer.scope(scope, received: ClosureReceipt(context: context(), operatorName: operatorName, site: site))
    }

    /// Notes that `operatorName` took `closure` at `site`; costs one atomic load
    /// when no ``ResourceScope`` is running.
    @inline(__always)
    static func note<R>(_ closure: @escaping () throws -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: Holder0(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, R>(_ closure: @escaping (A) throws -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: Holder1(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, B, R>(_ closure: @escaping (A, B) throws -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: Holder2(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note(_ closure: @escaping () -> Void, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: VoidHolder0(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A>(_ closure: @escaping (A) -> Void, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: VoidHolder1(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, B>(_ closure: @escaping (A, B) -> Void, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: VoidHolder2(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<R>(_ closure: @escaping () -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: NonThrowingHolder0(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, R>(_ closure: @escaping (A) -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: NonThrowingHolder1(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, B, R>(_ closure: @escaping (A, B) -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: NonThrowingHolder2(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A>(_ closure: @escaping (A) throws -> Bool, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: PredicateHolder1(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, B>(_ closure: @escaping (A, B) throws -> Bool, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: PredicateHolder2(function: closure)), operatorName, site)
    }

    /// Notes an accumulator that updates its first argument in place (`scan(into:)`).
    @inline(__always)
    static func note<A, B, R>(_ closure: @escaping (inout A, B) throws -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: Holder2Inout(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, B, C, R>(_ closure: @escaping (A, B, C) throws -> R, _ operatorName: String, _ site: CallSite) {
        report(secondWord(of: Holder3(function: closure)), operatorName, site)
    }

    @inline(__always)
    static func note<A, B, C, D, R>(
        _ closure: @escaping (A, B, C, D) throws -> R, _ operatorName: String, _ site: CallSite
    ) {
        report(secondWord(of: Holder4(function: closure)), operatorName, site)
    }

    /// Notes a closure of any number of arguments; the operator must keep
    /// this very value (converted to the parameter-pack type once, before
    /// both the note and the store), not the caller's original.
    @inline(__always)
    static func note<each A, R>(
        pack closure: @escaping (repeat each A) throws -> R, _ operatorName: String, _ site: CallSite
    ) {
        report(secondWord(of: PackHolder(function: closure)), operatorName, site)
    }
}
