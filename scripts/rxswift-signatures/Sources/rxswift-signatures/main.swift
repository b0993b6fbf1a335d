import Foundation

// rxswift-signatures RXSWIFT_SRC PROJECT [--exclusions FILE] [--missing] [--elsewhere]
//
// For each public function and initialiser of RxSwift 6.10 (RxSwift, RxRelay, RxTest, RxBlocking and
// the UIKit-free RxCocoa), finds RxCore's declarations of the same name and prints every difference in
// the parameter list (labels, names, types, defaults, extra or missing parameters). Exit status: 0 when
// every difference is excluded (with its reason) in the exclusions file, 1 when one is not, 64 on bad usage.

let rxswiftParts = [
    "RxSwift", "RxRelay", "RxTest", "RxBlocking", "RxCocoa/Traits",
    "RxCocoa/Common/Observable+Bind.swift", "RxCocoa/Common/Infallible+Bind.swift",
    "RxCocoa/Foundation/NotificationCenter+Rx.swift",
]
let rxcoreParts = ["Sources/RxCore", "Sources/RxCoreTesting"]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rxswift-signatures: \(message)\n".utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var exclusionsPath: String?
var listMissing = false
var listElsewhere = false
if let index = arguments.firstIndex(of: "--elsewhere") {
    listElsewhere = true
    arguments.remove(at: index)
}
if let index = arguments.firstIndex(of: "--exclusions") {
    guard index + 1 < arguments.count else { fail("--exclusions needs a file") }
    exclusionsPath = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
if let index = arguments.firstIndex(of: "--missing") {
    listMissing = true
    arguments.remove(at: index)
}
guard arguments.count == 2 else {
    fail("usage: rxswift-signatures RXSWIFT_SRC PROJECT [--exclusions FILE] [--missing] [--elsewhere]")
}
let (rxswiftRoot, projectRoot) = (arguments[0], arguments[1])
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: rxswiftRoot + "/RxSwift", isDirectory: &isDirectory), isDirectory.boolValue else {
    fail("\(rxswiftRoot) is not a checkout of ReactiveX/RxSwift (no RxSwift folder)")
}
guard FileManager.default.fileExists(atPath: projectRoot + "/Sources/RxCore") else {
    fail("\(projectRoot) is not RxLeaks (no Sources/RxCore)")
}

func swiftFiles(_ root: String, _ parts: [String]) -> [String] {
    parts.flatMap { part -> [String] in
        let path = root + "/" + part
        if path.hasSuffix(".swift") { return [path] }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".swift") }.sorted().map { path + "/" + $0 }
    }
}

func declarations(_ root: String, _ parts: [String]) -> [Declaration] {
    swiftFiles(root, parts).flatMap { path in
        do { return try DeclarationCollector.declarations(in: path, relativeTo: root) } catch { fail("cannot read \(path): \(error)") }
    }
}

/// `KEY  # reason` per line; `#` starts a comment line.
func exclusions(_ path: String?) -> [String: String] {
    guard let path else { return [:] }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    var found: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
        guard let hash = line.range(of: "  # ") else { fail("\(path): no `  # reason` in: \(line)") }
        found[line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces)] = String(line[hash.upperBound...])
    }
    return found
}

// `#if` branches can declare one function twice: compare each signature once.
var seen = Set<String>()
let rxswift = declarations(rxswiftRoot, rxswiftParts).filter { seen.insert($0.key + $0.parameterList).inserted }
let rxcore = Dictionary(grouping: declarations(projectRoot, rxcoreParts), by: \.name)
let excluded = exclusions(exclusionsPath)

var identical = 0, elsewhere = 0, missing: [Declaration] = [], reported = 0, excludedCount = 0
var usedExclusions = Set<String>()
for declaration in rxswift {
    switch Comparison.outcome(of: declaration, among: rxcore) {
    case .identical:
        identical += 1
    case .identicalElsewhere(let contexts):
        elsewhere += 1
        if listElsewhere {
            print("elsewhere: \(declaration.key) has RxSwift's parameters in RxCore's \(Set(contexts).sorted().joined(separator: ", "))")
        }
    case .missing:
        missing.append(declaration)
    case .differs(let nearest, let differences):
        if let reason = excluded[declaration.key] {
            usedExclusions.insert(declaration.key)
            excludedCount += 1
            print("excluded: \(declaration.key): \(reason)")
            continue
        }
        reported += 1
        print("\(declaration.key)  \(declaration.file):\(declaration.line)")
        print("  RxSwift: \(declaration.parameterList)")
        print("  RxCore:  \(nearest.parameterList)  \(nearest.context)  \(nearest.file):\(nearest.line)")
        for difference in differences { print("  - \(difference)") }
    }
}
if listMissing {
    for declaration in missing { print("missing: \(declaration.key)  \(declaration.file):\(declaration.line)") }
}
for stale in Set(excluded.keys).subtracting(usedExclusions).sorted() {
    print("stale exclusion (no such difference any more): \(stale)")
}
FileHandle.standardError.write(Data(("rxswift-signatures: \(rxswift.count) RxSwift public declarations compared: "
    + "\(identical) identical, \(elsewhere) identical in another type, \(reported) differ, \(excludedCount) differ with a reason excluded, "
    + "\(missing.count) not in RxCore\n").utf8))
exit(reported == 0 ? 0 : 1)
