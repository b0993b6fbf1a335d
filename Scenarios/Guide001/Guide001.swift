/// The scenarios of this part of the catalogue.
enum Guide001 {
    static let scenarios: [Scenario] = []
}
