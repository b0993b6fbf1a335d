import CRxCoreThread
import Synchronization

/// A place in the source code: where a subscription was made, where a closure
/// was handed to an operator, where a bag was created.
///
/// RxCore's public functions take exactly RxSwift's parameters, so a site is
/// not passed in: each function that records one is `@_transparent` (inlined
/// into its caller even in debug builds) and calls a never-inlined function
/// that reads its own return address, which therefore lies in the caller's
/// code. A site is that one word; its file, line and function are looked up
/// only when somebody reads them, by the resolver that a symbolicating module
/// installs (RxCoreLeaks does at load time), and cached.
/// A site can also be made from explicit values (``init(file:line:function:)``).
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// A return address, or, with ``explicitTag`` set, an index into the table
    /// of explicit sites. User-space addresses never have the top bit set.
    @usableFromInline let bits: UInt

    private static let explicitTag: UInt = 1 << (UInt.bitWidth - 1)

    @usableFromInline
    init(bits: UInt) { self.bits = bits }

    /// The site of the code that calls this function. Never inlined: its
    /// return address is in its caller, which is user code when the caller is
    /// a transparent public function inlined there.
    @usableFromInline @inline(never)
    static func here() -> CallSite {
        CallSite(bits: UInt(crxcore_return_address()))
    }

    /// No site: what a sink keeps beside a closure RxCore made itself (the
    /// identity of `merge()`). Address 0 has no location, so a report places
    /// no closure there.
    static let unrecorded = CallSite(bits: 0)

    /// The first of `sites` whose location lies outside the library, or the
    /// last: a class's initialiser is reached through its allocating entry
    /// point, which is a frame of its own in some builds and none in others.
    static func firstOutsideLibrary(_ sites: CallSite...) -> CallSite {
        sites.first { $0.location?.isInLibrary == false } ?? sites[sites.count - 1]
    }

    /// Creates a call site from explicit values, such as `#fileID`, `#line` and `#function`.
    public init(file: String, line: UInt, function: String = "") {
        let location = Location(file: file, line: line, function: function)
        bits = Self.explicit.withLock { table in
            if let index = table.indices[location] { return index }
            let index = UInt(table.locations.count) | Self.explicitTag
            table.locations.append(location)
            table.indices[location] = index
            return index
        }
    }

    /// The return address this site was taken from; nil for a site made from explicit values.
    public var returnAddress: UInt? { bits & Self.explicitTag == 0 ? bits : nil }

    /// A site from the word ``bitPattern`` gave, such as one read out of memory.
    public init(bitPattern: UInt) { bits = bitPattern }

    /// The one word that makes up this site.
    public var bitPattern: UInt { bits }

    /// The file, as `#fileID` gives it (`Module/File.swift`); empty when unknown.
    public var file: String { location?.file ?? "" }
    /// The line of the call; 0 when unknown.
    public var line: UInt { location?.line ?? 0 }
    /// The function the call was made in; empty when unknown.
    public var function: String { location?.function ?? "" }

    /// The file name without its module prefix, as people read it.
    public var fileName: String {
        file.split(separator: "/").last.map(String.init) ?? file
    }

    /// `File.swift:42`; the function's name where the resolver knows no line
    /// (``Location``); the return address in hexadecimal where it knows nothing.
    public var description: String {
        guard let location else { return "0x" + String(bits, radix: 16) }
        if location.file.isEmpty {
            return location.function.isEmpty ? "0x" + String(bits, radix: 16) : location.function
        }
        return "\(fileName):\(location.line)"
    }

    /// Where a site lies in the source.
    ///
    /// An optimised build can leave code without line information (a function
    /// merged with an identical one keeps none): its location then has an empty
    /// file, line 0, and the function's name qualified by its type (`Model.init(api:)`;
    /// merged code names one of the functions it stands for, and says so).
    public struct Location: Hashable, Sendable {
        /// `Module/File.swift`; empty when the code has no line information.
        public let file: String
        /// The line of the call; 0 when the code has no line information.
        public let line: UInt
        /// The function the call was made in, as `#function` names it.
        public let function: String
        /// True when every frame at the address, inlined ones included, is the
        /// library's own code: the site of a call RxCore made itself.
        public let isInLibrary: Bool

        /// Creates a location; a resolver's result.
        public init(file: String, line: UInt, function: String, isInLibrary: Bool = false) {
            self.file = file
            self.line = line
            self.function = function
            self.isInLibrary = isInLibrary
        }
    }

    /// Turns a return address into the location of the call before it.
    package typealias Resolver = @Sendable (UInt) -> Location?

    /// Sets the function that places return addresses in the source. Sites
    /// resolved before keep their cached location.
    package static func installResolver(_ resolver: @escaping Resolver) {
        resolution.withLock { $0.resolver = resolver }
    }

    /// Where this site lies, when it is explicit or the resolver could place it.
    public var location: Location? {
        if bits & Self.explicitTag != 0 {
            return Self.explicit.withLock { $0.locations[Int(bits & ~Self.explicitTag)] }
        }
        // Resolved outside the lock: symbolication takes tens of microseconds
        // and may itself record sites. Two threads may resolve one address twice.
        let (cached, resolver) = Self.resolution.withLock { ($0.cache[bits], $0.resolver) }
        if let cached { return cached }
        guard let resolver else { return nil }
        let location = resolver(bits)
        Self.resolution.withLock { $0.cache[bits] = location }
        return location
    }

    private struct Resolution {
        var resolver: Resolver?
        /// Addresses the resolver could not place are kept too, as nil.
        var cache: [UInt: Location?] = [:]
    }

    private struct ExplicitSites {
        var locations: [Location] = []
        var indices: [Location: UInt] = [:]
    }

    private static let resolution = Mutex(Resolution())
    private static let explicit = Mutex(ExplicitSites())
}
