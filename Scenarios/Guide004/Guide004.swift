/// The scenarios of this part of the catalogue.
enum Guide004 {
    static let scenarios: [Scenario] = []
}
