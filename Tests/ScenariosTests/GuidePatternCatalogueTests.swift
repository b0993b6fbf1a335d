import LeakGuide
import Leaks
import RxCoreLeaks
import Scenarios
import XCTest

/// The guide's patterns are described once: the scenarios expect, and RxCore's
/// integration reports, only patterns of that catalogue, with its texts.
final class GuidePatternCatalogueTests: XCTestCase {
    func testEveryScenarioExpectsAPatternOfTheCatalogue() {
        var expected: Set<String> = []
        for scenario in Catalogue.all {
            for variant in scenario.variants {
                guard case .leak(_, _, let pattern?) = variant.expectation else { continue }
                XCTAssertNotNil(
                    GuidePatterns.named(pattern),
                    "\(scenario.id)/\(variant.name) expects \(pattern), which the catalogue lacks")
                expected.insert(pattern)
            }
        }
        XCTAssertFalse(expected.isEmpty, "no scenario expects a pattern")
    }

    func testRxCoresIntegrationNamesEveryShapeWithTheCataloguesPattern() throws {
        let integration = RxCoreIntegration.shared
        let shapes: [LeakShape] = [
            .methodReference(method: "the method referenced in configure()"), .strongCapture,
            .captureListMissingModifier,
            .containerSharedWithAnotherObject, .containerCapturedByItsSubscription, .storedSubject,
        ]
        for shape in shapes {
            let pattern = try XCTUnwrap(integration.pattern(for: shape), "\(shape)")
            let guide = try XCTUnwrap(
                GuidePatterns.named(pattern.id), "\(shape) is named \(pattern.id), which the catalogue lacks")
            XCTAssertEqual(pattern.id, shape.id)
            XCTAssertEqual(pattern.name, guide.name)
            XCTAssertEqual(pattern.fix, guide.fix)
            XCTAssertEqual(pattern.source, guide.guideReference)
        }
    }

    func testTheCataloguesIdsAreDistinct() {
        XCTAssertEqual(Set(GuidePatterns.all.map(\.id)).count, GuidePatterns.all.count)
    }
}
