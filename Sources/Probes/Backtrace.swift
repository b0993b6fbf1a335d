import CRemoteMirror
import CUnwind
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(Runtime)
@_spi(Internal) import Runtime
#endif

/// Raw call stacks, cheap enough to take at every `track` and subscription,
/// and symbolicated only when somebody reads them.
///
/// Capture goes through libunwind's `unw_backtrace`, loaded with `dlopen`
/// (`RTLD_LOCAL`) rather than linked, so libunwind never replaces
/// `_Unwind_*` for the rest of the process.
package enum Backtrace {
    /// Whether libunwind could be loaded; when it could not, ``capture(skip:maxFrames:)``
    /// returns an empty array.
    package static var isAvailable: Bool { cunwind_load() != 0 }

    /// Writes at most `capacity` return addresses of this thread's stack to
    /// `frames`, innermost first, without allocating; returns how many.
    package static func capture(into frames: UnsafeMutablePointer<UInt>?, capacity: Int) -> Int {
        guard let frames, capacity > 0 else { return 0 }
        return Int(cunwind_backtrace(frames, Int32(clamping: capacity), 0))
    }

    /// The return addresses of the current call stack, innermost first,
    /// starting with the caller of `capture`. In optimised builds a function
    /// that ends in a tail call leaves no frame, as with any unwinder.
    ///
    /// - Parameters:
    ///   - skip: how many more frames to leave out above the caller (a helper
    ///     that captures on behalf of its own caller passes 1).
    ///   - maxFrames: the most addresses returned.
    @inline(never)
    package static func capture(skip: Int = 0, maxFrames: Int = 32) -> [UInt] {
        let capacity = max(0, maxFrames)
        // `&frames` rather than a closure: a closure would add a frame in
        // debug builds and shift what `skip` counts from.
        var frames = [UInt](repeating: 0, count: capacity)
        let count = Int(cunwind_backtrace(&frames, Int32(clamping: capacity), Int32(clamping: skip)))
        // A copy of the exact size: callers keep backtraces (one per live
        // subscription), and most stacks are far shorter than `maxFrames`.
        return Array(frames[..<count])
    }

    /// One symbolicated frame.
    package struct Frame: Hashable, Sendable, CustomStringConvertible {
        /// The captured return address this frame describes.
        package let address: UInt
        /// The demangled function name, when the image has a symbol for it.
        package let function: String?
        /// The source file, when the image carries debug info.
        package let file: String?
        /// The source line, when the image carries debug info.
        package let line: Int?
        /// The path of the image (executable or shared library) holding the code.
        package let image: String?
        /// True for a function inlined into the next frame: inlined frames come
        /// first and share their caller's `address`.
        package let isInlined: Bool

        /// Creates a frame; ``Backtrace/symbolicate(_:)`` is the usual source.
        package init(
            address: UInt, function: String?, file: String?, line: Int?, image: String?, isInlined: Bool = false
        ) {
            self.address = address
            self.function = function
            self.file = file
            self.line = line
            self.image = image
            self.isInlined = isInlined
        }

        /// `function at file:line`, leaving out whatever is unknown.
        package var description: String {
            var text = function ?? "0x" + String(address, radix: 16)
            if let file {
                text += " at \(file)"
                if let line { text += ":\(line)" }
            } else if let image {
                text += " in \(image.split(separator: "/").last.map(String.init) ?? image)"
            }
            return text
        }
    }

    /// Names the functions, files and lines behind captured addresses.
    ///
    /// Slow (tens of microseconds a frame, more on the first call while debug
    /// info is loaded): call it only for what is reported. Uses the
    /// toolchain's `Runtime` module (DWARF line tables, inlined frames); where
    /// that is unavailable, falls back to `dladdr` and the Swift demangler,
    /// which name only exported functions and give no file or line.
    package static func symbolicate(_ addresses: [UInt]) -> [Frame] {
        guard !addresses.isEmpty else { return [] }
        #if canImport(Runtime)
        if let frames = runtimeSymbolicate(addresses) { return frames }
        #endif
        return addresses.map(dynamicLinkerFrame)
    }

    /// The demangled name of the function holding the instruction at
    /// `address` (a function pointer rather than a return address).
    static func functionName(ofCodeAt address: UInt) -> String? {
        // symbolicate treats addresses as return addresses and steps back one byte.
        symbolicate([address &+ 1]).last?.function
    }

    #if canImport(Runtime)
    private static func runtimeSymbolicate(_ addresses: [UInt]) -> [Frame]? {
        let captured = Runtime.Backtrace(
            architecture: architecture,
            frames: addresses.map { RichFrame<UInt>.returnAddress($0) },
            images: ImageMap.capture())
        guard let symbolicated = captured.symbolicated() else { return nil }
        return symbolicated.frames.compactMap { frame in
            guard case .returnAddress(let captured) = frame.captured, let address = UInt(captured) else { return nil }
            guard let symbol = frame.symbol else { return dynamicLinkerFrame(address) }
            let location = symbol.sourceLocation
            return Frame(
                address: address,
                function: demangle(symbol.rawName) ?? symbol.name,
                file: location?.path,
                line: location.map { $0.line },
                image: symbolicated.images.indices.contains(symbol.imageIndex)
                    ? symbolicated.images[symbol.imageIndex].path : symbol.imageName,
                isInlined: frame.inlined)
        }
    }

    private static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "unknown"
        #endif
    }
    #endif

    private static func dynamicLinkerFrame(_ address: UInt) -> Frame {
        var path: UnsafePointer<CChar>?
        var base: UInt = 0
        var symbol: UnsafePointer<CChar>?
        var symbolAddress: UInt = 0
        // A return address points after the call; step back into the call instruction.
        guard cunwind_image_of(address &- 1, &path, &base, &symbol, &symbolAddress) != 0 else {
            return Frame(address: address, function: nil, file: nil, line: nil, image: nil)
        }
        let name = symbol.map { String(cString: $0) }
        return Frame(
            address: address,
            function: name.map { demangle($0) ?? $0 },
            file: nil, line: nil,
            image: path.map { String(cString: $0) })
    }

    /// The Swift runtime's demangling of `symbol`, or nil when it is not a
    /// Swift mangled name.
    package static func demangle(_ symbol: String) -> String? {
        symbol.withCString { mangled in
            guard let demangled = crm_demangle(mangled, symbol.utf8.count, nil, nil, 0) else { return nil }
            defer { free(demangled) }
            return String(cString: demangled)
        }
    }
}
