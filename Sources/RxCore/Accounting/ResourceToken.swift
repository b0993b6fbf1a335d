import CRxCoreThread

/// The accounting stored inside an RxCore resource: every one but a
/// subscription's handle and its observer, which count themselves with
/// ``ResourceCount``.
///
/// Creating a token counts the resource as alive (per kind, and in the current
/// ``ResourceScope`` if any); destroying it, which happens when the
/// owning object deinitialises, counts it as gone. Being non-copyable, a token
/// cannot be duplicated and so cannot be counted twice.
struct ResourceToken: ~Copyable {
    #if !RXCORE_NO_ACCOUNTING
    /// The kind's index in the top bits, and below them the address of the
    /// ``ResourceScope`` the resource was made in (retained by hand), or 0.
    /// One word where an index and a reference would take two: with it
    /// `just`, `map` and `filter` take the same malloc size class with
    /// accounting as without (40 bytes for 32, 104 for 96), and on the
    /// subscription path much of the time goes into memory (first touches of
    /// fresh heap pages). Counting touches only the count, not the kind (a
    /// reference would retain and release it).
    private let bits: UInt64
    #if RXCORE_SCOPE_IN_OWN_WORD
    /// LeakSanitizer finds references by scanning for words that are addresses, so it cannot see one
    /// that shares its word with an index, and would report every scope a long-lived resource keeps
    /// as leaked: `scripts/leak-check` builds with this flag, which keeps the scope in a word of its own.
    private let scope: ResourceScope?
    #endif
    /// Addresses stay below 2^52 on every 64-bit platform Swift runs on; the
    /// 12 bits above hold any index below `CRXCORE_KIND_CAPACITY` (512).
    fileprivate static let indexShift: UInt64 = 52
    fileprivate static let addressMask: UInt64 = 1 << indexShift - 1

    @inline(__always)
    init(_ kind: borrowing ResourceKind) {
        let index = kind.index
        crxcore_count(index, 1)
        let kindBits = UInt64(UInt32(bitPattern: index)) << Self.indexShift
        let scope = ResourceScope.attributable
        scope?.resourceCreated(index)
        #if RXCORE_SCOPE_IN_OWN_WORD
        self.scope = scope
        bits = kindBits
        #else
        if let scope {
            bits = kindBits | UInt64(UInt(bitPattern: Unmanaged.passRetained(scope).toOpaque()))
        } else {
            bits = kindBits
        }
        #endif
    }

    deinit {
        let index = Int32(truncatingIfNeeded: bits >> Self.indexShift)
        crxcore_count(index, -1)
        #if RXCORE_SCOPE_IN_OWN_WORD
        scope?.resourceReleased(index)
        #endif
        if let address = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: bits & Self.addressMask)) {
            let scope = Unmanaged<ResourceScope>.fromOpaque(address)
            scope._withUnsafeGuaranteedRef { $0.resourceReleased(index) }
            scope.release()
        }
    }
    #else
    @inline(__always)
    init(_ kind: borrowing ResourceKind) {}
    #endif
}

extension ResourceKind {
    /// The name of the kind a ``ResourceToken`` stored as `word` records (read
    /// from an object's `token` field, as a leak report does): nil without
    /// accounting, or when the word records no kind used so far.
    package static func name(recordedBy word: UInt) -> String? {
        #if !RXCORE_NO_ACCOUNTING
        ResourceKindTable.shared.name(at: Int(truncatingIfNeeded: UInt64(word) >> ResourceToken.indexShift))
        #else
        nil
        #endif
    }
}

extension ResourceScope {
    /// How many words of a resource's `token` field a leak check reads: the kind's (and the scope's, packed in it),
    /// then, in the leak-check build, the scope's word of its own.
    package static var tokenWordCount: Int {
        #if RXCORE_SCOPE_IN_OWN_WORD
        2
        #else
        1
        #endif
    }

    /// The family of the resource whose `token` field holds `words` (``tokenWordCount`` of them, read from a live
    /// object), when the resource was made in this scope; nil when it was made elsewhere, or without accounting.
    package func family(ofResourceWithToken words: [UInt]) -> ResourceKind.Family? {
        #if RXCORE_NO_ACCOUNTING
        return nil
        #else
        guard words.count == Self.tokenWordCount else { return nil }
        let bits = UInt64(words[0])
        #if RXCORE_SCOPE_IN_OWN_WORD
        guard isRecorded(by: words[1]) else { return nil }
        #else
        guard isRecorded(by: UInt(truncatingIfNeeded: bits & ResourceToken.addressMask)) else { return nil }
        #endif
        return ResourceKindTable.shared.family(at: Int(truncatingIfNeeded: bits >> ResourceToken.indexShift))
        #endif
    }

    /// Whether `word`, a reference read from a resource (a subscription handle's `scope`), is this scope.
    package func isRecorded(by word: UInt) -> Bool {
        word == UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
    }
}

/// A class several operators share, each object recording the resource kind
/// of the operator it serves: a leak report names the object by that kind
/// (`SkipWhile`, `TakeUntilSink`) rather than by the shared class.
package protocol NamedByResourceKind: AnyObject {}

#if !RXCORE_NO_ACCOUNTING
/// The per-kind count of a resource that keeps no token: a subscription's
/// handle, which keeps its scope anyway, and the subscription's
/// `AnonymousObserver`, made in the same call and holding the handle until it
/// goes, which reads the scope there. Each counts itself in that scope too. A
/// token would be one more word per object, and another scope lookup.
enum ResourceCount {
    @inline(__always)
    static func made(_ kind: borrowing ResourceKind) {
        crxcore_count(kind.index, 1)
    }

    @inline(__always)
    static func freed(_ kind: borrowing ResourceKind) {
        crxcore_count(kind.index, -1)
    }
}
#endif
