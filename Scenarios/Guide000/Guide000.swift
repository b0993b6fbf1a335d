/// The scenarios of this part of the catalogue.
enum Guide000 {
    static let scenarios: [Scenario] = []
}
