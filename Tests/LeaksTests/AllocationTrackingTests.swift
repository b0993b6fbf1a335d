import Leaks
import LeakTesting
import XCTest

/// Plain Swift, with no tracking code: the objects made in a check are
/// tracked because their classes are this module's (the allocation hook that
/// LeakTesting links).
final class AllocationTrackingTests: XCTestCase {
    func testAStoredClosureCapturingItsOwnerIsFoundWithNoTrackingCode() {
        weak var oracle: ClosureOwner?
        let report = LeakCheck.run("stored closure") { _ in
            let owner = ClosureOwner()
            owner.onSave = { owner.count += 1 }
            oracle = owner
        }
        XCTAssertNotNil(oracle, "the closure keeps its owner: a real leak")
        XCTAssertEqual(report.leaks.map(\.typeName), ["ClosureOwner"], report.description)
        XCTAssertEqual(report.leaks.first?.kind, .cycle)
        XCTAssertEqual(report.leaks.first?.trackedAt.origin, .allocated)
        XCTAssertTrue(report.description.contains("; made at AllocationTrackingTests.swift:12"), report.description)
        oracle?.onSave = nil
    }

    func testAStrongDelegateBackToItsOwnerIsFound() {
        weak var oracle: DelegateOwner?
        let report = LeakCheck.run("strong delegate") { _ in
            let owner = DelegateOwner()
            owner.helper.delegate = owner
            oracle = owner
        }
        XCTAssertNotNil(oracle)
        XCTAssertEqual(Set(report.leaks.map(\.typeName)), ["DelegateOwner", "DelegateHelper"], report.description)
        let owner = report.leaks.first { $0.typeName == "DelegateOwner" }
        XCTAssertEqual(owner?.pattern?.id, "strong-back-reference", report.description)
        XCTAssertTrue(owner?.pattern?.fix.contains("weak var delegate") ?? false, report.description)
        oracle?.helper.delegate = nil
    }

    func testObjectsReleasedInTheCheckAndObjectsMadeBeforeItAreClean() {
        let before = ClosureOwner()
        before.onSave = { before.count += 1 }
        weak var oracle: ClosureOwner?
        let report = LeakCheck.run("released") { _ in
            let owner = ClosureOwner()
            owner.onSave = { [weak owner] in owner?.count += 1 }
            oracle = owner
            _ = DelegateOwner()
        }
        XCTAssertNil(oracle)
        XCTAssertTrue(report.isClean, report.description)
        before.onSave = nil
    }
}

final class ClosureOwner {
    var count = 0
    var onSave: (() -> Void)?
}

protocol DelegateOwnerDelegate: AnyObject {}

final class DelegateOwner: DelegateOwnerDelegate {
    let helper = DelegateHelper()
}

final class DelegateHelper {
    var delegate: DelegateOwnerDelegate?
}
