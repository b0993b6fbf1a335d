import Foundation
import XCTest

/// `rxleaks test` on Tests/Fixtures/TransformApp: a view model whose
/// `transform(input:disposeBag:)` closure captures the bag it is disposed
/// into, tested with a hot test observable kept in a property. On RxSwift the
/// bag, the hot observable and the scheduler stay alive after the test (its
/// fixed twin frees them): RxTest's hot observable is kept by its
/// subscriptions, so the bag and the observable hold each other. RxLeaks'
/// test doubles keep what RxTest's keep, so the same cycle is found and
/// explained: through the test double, with the app's capture as the edge to break.
final class TransformCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/TransformApp")

    func testTheBagCapturedByTheTransformsClosureIsACycleThroughTheHotTestObservable() throws {
        let run = try CLI.run([
            "test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path, "--format", "json",
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        let tests = try XCTUnwrap(try run.json()["tests"]?.arrayValue)
        let verdicts = Dictionary(
            uniqueKeysWithValues: tests.compactMap { test in
                test["name"]?.stringValue.map { ($0, test["verdict"]?.stringValue ?? "") }
            })
        XCTAssertEqual(
            verdicts,
            [
                "GreetingViewModelTests.testGreetsEachName": "leaked",
                "GreetingViewModelTests.testFixedGreetsEachName": "clean",
            ])

        let leaking = try XCTUnwrap(
            tests.first { $0["name"]?.stringValue == "GreetingViewModelTests.testGreetsEachName" })
        let leaks = try XCTUnwrap(leaking["leaks"]?.arrayValue)
        XCTAssertEqual(leaks.compactMap { $0["typeName"]?.stringValue }, ["DisposeBag"])
        let leak = try XCTUnwrap(leaks.first)
        XCTAssertEqual(leak["kind"]?.stringValue, "cycle")
        XCTAssertEqual(leak["pattern"]?["id"]?.stringValue, "dispose-bag-captured")
        let edges = try XCTUnwrap(leak["cycle"]?["edges"]?.arrayValue)
        // Through the test double ...
        XCTAssertTrue(edges.contains { $0["to"]?["name"]?.stringValue == "TestableObservable" }, "\(edges)")
        // ... closed by the app's closure capturing the bag, at its line.
        let capture = try XCTUnwrap(edges.last, "\(edges)")
        XCTAssertEqual(capture["label"]?.stringValue, "captures")
        XCTAssertEqual(capture["to"]?["name"]?.stringValue, "DisposeBag")
        XCTAssertEqual(
            capture["from"]?["name"]?.stringValue, "closure given to subscribe(onNext:) at GreetingViewModel.swift:23")
        // That capture, and no other edge, is the suspect edge.
        XCTAssertEqual(
            edges.map { $0["isSuspect"]?.boolValue ?? false }, edges.indices.map { $0 == edges.count - 1 }, "\(edges)")
    }
}
