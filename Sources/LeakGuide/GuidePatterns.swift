/// The leak guide's patterns, in the guide's order. Each is a constant of its own
/// (`GuidePatterns.closureStrongSelf`), generated from docs/guide-patterns.json.
package enum GuidePatterns {
    /// The pattern with `id`, if the guide has one.
    package static func named(_ id: String) -> GuidePattern? {
        all.first { $0.id == id }
    }
}
