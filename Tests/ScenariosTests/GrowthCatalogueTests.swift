import Leaks
import Scenarios
import XCTest

/// The catalogue's growth scenarios (each repetition leaves one more live subscription) judged by a growth
/// check, and their fixed variants clean. The catalogue's own module is not the code under test (its globals are
/// no roots), so its growth shows as the library's resources rising with every run.
final class GrowthCatalogueTests: XCTestCase {
    private var growthScenarios: [(Scenario, Variant)] {
        Catalogue.all.flatMap { scenario in
            scenario.variants.compactMap { variant in
                guard case .subscriptionGrowth = variant.expectation else { return nil }
                return (scenario, variant)
            }
        }
    }

    func testEveryGrowthVariantGrows() {
        XCTAssertGreaterThanOrEqual(growthScenarios.count, 7)
        for (scenario, variant) in growthScenarios {
            let report = ScenarioRunner.growth(scenario, variant)
            XCTAssertFalse(report.isClean, "\(scenario.id)/\(variant.name): \(report)")
            XCTAssertTrue(report.resourcesGrow, "\(scenario.id)/\(variant.name): \(report)")
        }
    }

    func testTheFixedVariantsOfGrowthScenariosDoNotGrow() {
        let scenarios = Set(growthScenarios.map(\.0.id))
        for scenario in Catalogue.all where scenarios.contains(scenario.id) {
            for variant in scenario.variants where variant.role == .fixed {
                let report = ScenarioRunner.growth(scenario, variant)
                XCTAssertTrue(report.isClean, "\(scenario.id)/\(variant.name): \(report)")
            }
        }
    }
}
