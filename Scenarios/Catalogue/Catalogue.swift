/// Every scenario, in guide order.
package enum Catalogue {
    /// All scenarios: guide 000 to 004, then the cases beyond the guide.
    package static let all: [Scenario] =
        Guide000.scenarios + Guide001.scenarios + Guide002.scenarios
        + Guide003.scenarios + Guide004.scenarios + BeyondTheGuide.scenarios

    /// The scenario with `id`, if any.
    package static func scenario(id: String) -> Scenario? {
        all.first { $0.id == id }
    }
}
