import Synchronization

/// The heap context of a Swift closure: the object that holds its captures.
///
/// A closure value is two words, a function pointer and a context. Reading
/// them with `unsafeBitCast` is wrong: handed to a generic parameter, a
/// closure is wrapped in a fresh reabstraction thunk whose context is freed
/// once the call returns. `of` reads the pair from inside the call, while
/// that thunk is alive, and follows each thunk's single captured closure to
/// the context the caller's closure really has. When the only capture is
/// one strong reference (`{ self.f($0) }`, `self.f`) the context is that
/// object itself.
///
/// The returned address stays valid while the caller keeps the closure.
/// Returns nil for a closure without captures.
package enum ClosureContext {
    /// The context of a closure taking no argument.
    package static func of<R>(_ closure: @escaping () throws -> R) -> UInt? {
        context(of: closure)
    }

    /// The context of a closure taking one argument.
    package static func of<A, R>(_ closure: @escaping (A) throws -> R) -> UInt? {
        context(of: closure)
    }

    /// The context of a closure taking two arguments.
    package static func of<A, B, R>(_ closure: @escaping (A, B) throws -> R) -> UInt? {
        context(of: closure)
    }

    /// The context of a closure taking three arguments.
    package static func of<A, B, C, R>(_ closure: @escaping (A, B, C) throws -> R) -> UInt? {
        context(of: closure)
    }

    /// The context of a closure that was stored in generic storage (an array
    /// element, a generic property, an `Any` cast back): the same walk
    /// through thunks, for a value whose function type is known only as `F`.
    package static func of<F>(stored closure: F) -> UInt? {
        context(of: closure)
    }

    private struct Holder<F> {
        let closure: F
    }

    @inline(never)
    private static func context<F>(of closure: F) -> UInt? {
        guard MemoryLayout<F>.size == 2 * MemoryLayout<UInt>.size else { return nil }
        return withUnsafeBytes(of: Holder(closure: closure)) { raw in
            unwrapThunks(
                function: raw.load(as: UInt.self),
                context: raw.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self))
        }
    }

    /// Follows reabstraction thunks: each one's context captures exactly one
    /// closure (function, then context) and nothing else.
    private static func unwrapThunks(function: UInt, context: UInt) -> UInt? {
        var function = function
        var context = context
        for _ in 0..<8 {
            guard context != 0 else { return nil }
            guard let offset = innerClosureOffset(thunk: function, context: context),
                let inner = Memory.readWords(context &+ UInt(offset), count: 2)
            else { return context }
            (function, context) = (inner[0], inner[1])
        }
        return context == 0 ? nil : context
    }

    /// Per thunk function: where its context keeps the wrapped closure, or
    /// nil when the function is no thunk. A thunk's context layout is fixed.
    private static let innerClosureOffsets = Mutex<[UInt: Int?]>([:])

    /// Where the context of `function` holds the closure it wraps, when
    /// `function` is a reabstraction thunk. Its symbol decides; without one
    /// (a stripped binary) the context's shape alone does.
    private static func innerClosureOffset(thunk function: UInt, context: UInt) -> Int? {
        if let known = innerClosureOffsets.withLock({ $0[function] }) { return known }
        let namedThunk = Backtrace.functionName(ofCodeAt: function).map { $0.contains("reabstraction thunk") } ?? true
        guard namedThunk else {
            innerClosureOffsets.withLock { $0[function] = .some(nil) }
            return nil
        }
        guard let layout = ReflectionProbe.shared.layout(ofInstanceAt: context) else { return nil }
        let offset =
            layout.kind == .closureContext && layout.fields.count == 1 && layout.fields[0].kind == .thickFunction
            ? layout.fields[0].offset : nil
        innerClosureOffsets.withLock { $0[function] = .some(offset) }
        return offset
    }
}
