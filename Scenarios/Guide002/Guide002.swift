/// The scenarios of this part of the catalogue.
enum Guide002 {
    static let scenarios: [Scenario] = []
}
