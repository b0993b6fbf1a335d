import Foundation
import XCTest

// `rxleaks fix` exists only with the Lint trait (it edits through the lint's parser).
#if Lint

/// `rxleaks fix` on a git copy of Tests/Fixtures/InvitationApp, whose view model's two subscriptions capture the
/// bag that holds them: the lint's two-line fix of each closure (the inner subscription into the view model's own
/// bag, `guard let self`), kept because re-running the test finds it clean.
final class CapturedBagFixTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/InvitationApp")
    private static let source = "Sources/InvitationApp/InvitationViewModel.swift"
    private static let test = "InvitationViewModelTests.testAcceptingShowsTheTeam"

    func testEachClosureCapturingItsBagIsFixedInTwoLinesAndTheTestReRunIsClean() throws {
        let copy = try committedCopy(of: Self.fixture, message: "InvitationApp")
        let file = copy.appendingPathComponent(Self.source)
        let original = try String(contentsOf: file, encoding: .utf8)

        let run = try CLI.run(
            ["fix", "--package-path", copy.path, "--scratch-path", CLI.fixtureScratch.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("fixed \(Self.test): "), run.stdout)
        XCTAssertTrue(run.stdout.contains("fixed 1 of 1 leak in 1 file, 0 left"), run.stdout)
        let accepted = """
                    service.accepted.subscribe(onNext: { [weak self] name in
                        service.team(name).subscribe(onNext: { self?.shown.append($0) }).disposed(by: disposeBag)

            """
        let declined = """
                    service.declined.subscribe(onNext: { [weak self] _ in
                        service.team("").subscribe(onNext: { _ in self?.shown.removeAll() }).disposed(by: disposeBag)

            """
        XCTAssertTrue(original.contains(accepted) && original.contains(declined), original)
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8),
            original.replacingOccurrences(
                of: accepted,
                with: """
                            service.accepted.subscribe(onNext: { [weak self] name in
                                guard let self else { return }
                                service.team(name).subscribe(onNext: { [weak self] in self?.shown.append($0) }).disposed(by: self.disposeBag)

                    """
            ).replacingOccurrences(
                of: declined,
                with: """
                            service.declined.subscribe(onNext: { [weak self] _ in
                                guard let self else { return }
                                service.team("").subscribe(onNext: { [weak self] _ in self?.shown.removeAll() }).disposed(by: self.disposeBag)

                    """))

        let after = try CLI.verdictRows(
            try CLI.run(
                ["test", "--package-path", copy.path, "--scratch-path", CLI.fixtureScratch.path, "--format", "json"]))
        XCTAssertEqual(after[Self.test]?.verdict, "clean")
        XCTAssertEqual(after[Self.test]?.passed, true)
    }
}
#endif
