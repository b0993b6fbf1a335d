import Foundation
import Probes
import RxCore

/// Places RxCore's call sites (return addresses, see `CallSite`) in the source,
/// through the toolchain's symbolication.
///
/// The address lies in the user's function, into which RxCore's transparent
/// entry point was inlined; where RxCore's inlinable code was inlined there
/// too, its frames come first: the first frame that is not RxCore's own is
/// the user's call.
enum CallSiteResolver {
    static func location(of address: UInt) -> CallSite.Location? {
        let frames = Backtrace.symbolicate([address])
        let placed = frames.filter { frame in
            guard let file = frame.file, let line = frame.line else { return false }
            return line > 0 && !file.hasPrefix("<")
        }
        let user = placed.first { !isLibrary($0) }
        guard let frame = user ?? placed.last else { return unplaced(frames) }
        guard let path = frame.file, let line = frame.line else { return nil }
        let function = frame.function.map(FunctionName.init)
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let module = function?.module ?? moduleDirectory(of: path)
        return CallSite.Location(
            file: module.map { "\($0)/\(file)" } ?? file, line: UInt(line),
            function: function?.hashFunction ?? "", isInLibrary: user == nil)
    }

    /// A site in code with no line for it: in an optimised build, a function
    /// merged with an identical one keeps none. Its name, qualified by its type,
    /// still says where to look.
    private static func unplaced(_ frames: [Backtrace.Frame]) -> CallSite.Location? {
        guard let frame = frames.last, let function = frame.function else { return nil }
        let name = FunctionName(function)
        // Merged code stands for several functions and its symbol names one of them.
        let described =
            name.isMerged ? name.qualifiedFunction + " (merged with identical code)" : name.qualifiedFunction
        return CallSite.Location(file: "", line: 0, function: described, isInLibrary: name.module == "RxCore")
    }

    private static func isLibrary(_ frame: Backtrace.Frame) -> Bool {
        if let function = frame.function, FunctionName(function).module == "RxCore" { return true }
        return frame.file?.contains("/Sources/RxCore/") == true
    }

    /// The folder under `Sources` or `Tests` that holds `path`: a SwiftPM target's, and so its module's name.
    private static func moduleDirectory(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let index = parts.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), index + 2 < parts.count else {
            return nil
        }
        return String(parts[index + 1])
    }
}

/// A demangled function name, read for its module and for the name `#function` would give.
struct FunctionName {
    /// `Module.Type.name(label:)` with closure and specialisation prefixes removed.
    private let qualified: Substring

    /// Whether the symbol is LLVM's body for several identical functions, named after one of them.
    let isMerged: Bool

    init(_ demangled: String) {
        var name = Substring(demangled)
        isMerged = demangled.hasPrefix("merged ")
        // `closure #1 () -> () in M.f()`, `specialized M.f()`, `partial apply for …`.
        while true {
            if let range = name.range(of: #"^(implicit )?closure #\d+ .*? in "#, options: .regularExpression)
                ?? name.range(
                    of: #"^(specialized|partial apply for|merged|reabstraction thunk helper from) "#,
                    options: .regularExpression)
                ?? name.range(
                    of: #"^(function signature|generic) specialization <.*?> of "#, options: .regularExpression)
                ?? name.range(of: #"^(variable initialization expression of |static )"#, options: .regularExpression)
            {
                name = name[range.upperBound...]
            } else {
                break
            }
        }
        // `(extension in M):N.Type.f()`: declared in M, extending N's type.
        var extensionModule: String?
        if name.hasPrefix("(extension in "), let close = name.range(of: "):") {
            extensionModule = String(
                name[name.index(name.startIndex, offsetBy: "(extension in ".count)..<close.lowerBound])
            name = name[close.upperBound...]
        }
        // A variable's accessor or initialiser: `M.T.value : Swift.Int`.
        if let colon = name.range(of: " : "), !name[..<colon.lowerBound].contains("(") {
            name = name[..<colon.lowerBound]
        }
        qualified = name
        if let extensionModule {
            module = extensionModule
        } else if let dot = name.firstIndex(of: "."), !name[..<dot].contains("(") {
            module = String(name[..<dot])
        } else {
            module = nil
        }
    }

    /// The module: `M` in `M.Type.f()` and in `(extension in M):N.Type.f()`.
    let module: String?

    /// `Type.f(_:label:)`: ``hashFunction`` with the type that declares it.
    var qualifiedFunction: String {
        let signature = qualified.firstIndex(of: "(").map { qualified[..<$0] } ?? qualified[...]
        let path = signature.split(separator: ".")
        return path.count > 2 ? path[path.count - 2] + "." + hashFunction : hashFunction
    }

    /// What `#function` gives inside this function: `bind()`, `f(_:label:)`, `value` for an accessor.
    var hashFunction: String {
        let signature = qualified.firstIndex(of: "(").map { qualified[..<$0] } ?? qualified[...]
        var path = signature.split(separator: ".")
        if let accessor = path.last,
            ["getter", "setter", "modify", "didset", "willset"].contains(accessor.split(separator: " ").first ?? "")
        {
            path.removeLast()
            return path.last.map { String($0.split(separator: " ").first ?? $0) } ?? ""
        }
        guard var base = path.last.map(String.init) else { return "" }
        if let generic = base.firstIndex(of: "<") { base = String(base[..<generic]) }
        guard let open = qualified.firstIndex(of: "(") else { return base }
        return base + "(" + Self.labels(qualified[qualified.index(after: open)...]) + ")"
    }

    /// `x:_:` from `x: Swift.Int, Swift.String) -> ()`.
    private static func labels(_ parameters: Substring) -> String {
        var labels = "", depth = 0, current = ""
        func finish() {
            let part = current.trimmingCharacters(in: .whitespaces)
            guard !part.isEmpty else { return }
            if let colon = part.firstIndex(of: ":"),
                part[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                labels += part[..<colon] + ":"
            } else {
                labels += "_:"
            }
        }
        for character in parameters.replacingOccurrences(of: "->", with: "→") {
            if depth == 0, character == ")" { break }
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if depth == 0, character == "," {
                finish()
                current = ""
            } else {
                current.append(character)
            }
        }
        finish()
        return labels
    }
}
