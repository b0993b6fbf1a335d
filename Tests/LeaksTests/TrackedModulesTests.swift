@testable import Leaks
import XCTest

/// The modules whose objects are the code under test by default: every module but the toolchain's and
/// RxLeaks' own, the latter taken from Package.swift's targets.
final class TrackedModulesTests: XCTestCase {
    func testEveryTargetOfRxLeaksIsLeftOutAndAnAppsModuleIsTracked() {
        let modules = TrackedModules(environment: nil)
        // LeakNimble and ChildProcesses were missing from the list once written by hand.
        for module in ["RxCore", "Leaks", "LeakTesting", "LeakNimble", "ChildProcesses", "rxleaks", "Foundation"] {
            XCTAssertFalse(modules.contains(module), module)
        }
        XCTAssertTrue(modules.contains("InvitationApp"))
    }
}
