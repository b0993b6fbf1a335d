/// How one of RxSwift's declarations compares with RxCore's.
enum Outcome {
    /// RxCore declares the same parameters in the same type.
    case identical
    /// RxCore declares the same parameters, but only in other types (such as
    /// a protocol the type conforms to): a place to look, since return types
    /// are not compared.
    case identicalElsewhere([String])
    /// RxCore has the name, but no overload with RxSwift's parameters; the
    /// nearest one and what differs.
    case differs(nearest: Declaration, differences: [String])
    /// RxCore has no public declaration of that name.
    case missing
}

enum Comparison {
    /// Compares `declaration` with RxCore's declarations of the same name.
    static func outcome(of declaration: Declaration, among rxcore: [String: [Declaration]]) -> Outcome {
        // An operator (`==`) is looked up by its operands' types: compare it within its type only.
        let isOperator = !(declaration.name.first.map { $0.isLetter || $0 == "_" } ?? true)
        let candidates = rxcore[declaration.name, default: []].filter {
            $0.isStatic == declaration.isStatic && (!isOperator || $0.context == declaration.context)
        }
        guard !candidates.isEmpty else { return .missing }
        let same = candidates.filter { matches($0.parameters, declaration.parameters) }
        if same.contains(where: { $0.context == declaration.context }) { return .identical }
        if !same.isEmpty { return .identicalElsewhere(same.map(\.context)) }
        let nearest = candidates.max { score($0, declaration) < score($1, declaration) }!
        return .differs(nearest: nearest, differences: differences(declaration.parameters, nearest.parameters))
    }

    /// Equal parameters, where a parameter RxSwift leaves unnamed (`_:` in an
    /// abstract method, `label _:`) may have any name in RxCore: names are the
    /// body's, and a body that uses its parameter must name it.
    private static func matches(_ rxcore: [Declaration.Parameter], _ rxswift: [Declaration.Parameter]) -> Bool {
        rxcore.count == rxswift.count && zip(rxcore, rxswift).allSatisfy { ours, theirs in
            ours.label == theirs.label && ours.type == theirs.type && ours.defaultValue == theirs.defaultValue
                && (ours.name == theirs.name || theirs.name == "_")
        }
    }

    /// Same labels first, then the same context, then the most parameters alike.
    private static func score(_ candidate: Declaration, _ declaration: Declaration) -> Int {
        var score = 0
        if candidate.selector == declaration.selector { score += 1000 }
        if candidate.context == declaration.context { score += 100 }
        for (theirs, ours) in zip(declaration.parameters, candidate.parameters) {
            if theirs.label == ours.label { score += 4 }
            if theirs.type == ours.type { score += 2 }
            if theirs.defaultValue == ours.defaultValue { score += 1 }
        }
        return score - abs(candidate.parameters.count - declaration.parameters.count)
    }

    /// Each difference between RxSwift's parameters and RxCore's, in words.
    static func differences(_ rxswift: [Declaration.Parameter], _ rxcore: [Declaration.Parameter]) -> [String] {
        var found: [String] = []
        for (index, (theirs, ours)) in zip(rxswift, rxcore).enumerated() {
            let position = "parameter \(index + 1)"
            if theirs.label != ours.label { found.append("\(position): label `\(theirs.label)` in RxSwift, `\(ours.label)` in RxCore") }
            if theirs.name != ours.name, theirs.name != "_" { found.append("\(position): name `\(theirs.name)` in RxSwift, `\(ours.name)` in RxCore") }
            if theirs.type != ours.type { found.append("\(position): type `\(theirs.type)` in RxSwift, `\(ours.type)` in RxCore") }
            if theirs.defaultValue != ours.defaultValue {
                found.append("\(position): default `\(theirs.defaultValue ?? "none")` in RxSwift, `\(ours.defaultValue ?? "none")` in RxCore")
            }
        }
        for extra in rxcore.dropFirst(rxswift.count) { found.append("extra parameter in RxCore: `\(extra.text)`") }
        for absent in rxswift.dropFirst(rxcore.count) { found.append("parameter missing in RxCore: `\(absent.text)`") }
        return found
    }
}
