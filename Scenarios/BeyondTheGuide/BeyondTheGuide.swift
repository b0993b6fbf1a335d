/// The scenarios of this part of the catalogue.
enum BeyondTheGuide {
    static let scenarios: [Scenario] = []
}
