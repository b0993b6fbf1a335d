/// The scenarios of this part of the catalogue.
enum Guide003 {
    static let scenarios: [Scenario] = []
}
