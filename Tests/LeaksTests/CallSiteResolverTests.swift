@testable import RxCoreLeaks
import XCTest

/// How the resolver reads the demangled names the symbolicator gives.
final class CallSiteResolverTests: XCTestCase {
    func testAMethodReadsAsHashFunctionDoes() {
        let name = FunctionName("RxCoreTests.BindTests.testRecords(x: Swift.Int, _: Swift.String) -> ()")
        XCTAssertEqual(name.module, "RxCoreTests")
        XCTAssertEqual(name.hashFunction, "testRecords(x:_:)")
        XCTAssertEqual(name.qualifiedFunction, "BindTests.testRecords(x:_:)")
    }

    /// What an optimised build leaves without lines: a merged, specialised
    /// function, or a closure in a static variable's initialiser.
    func testPrefixesOfOptimisedCodeAreDropped() {
        let merged = FunctionName(
            "merged function signature specialization <Arg[1] = Owned To Guaranteed> of "
                + "Scenarios.Guide001.Model.init(identifier: Swift.String, api: Scenarios.API) -> Scenarios.Guide001.Model"
        )
        XCTAssertEqual(merged.module, "Scenarios")
        XCTAssertEqual(merged.qualifiedFunction, "Model.init(identifier:api:)")
        XCTAssertTrue(merged.isMerged)
        XCTAssertFalse(FunctionName("Scenarios.Model.init() -> Scenarios.Model").isMerged)
        let closure = FunctionName(
            "merged closure #1 @Sendable (Leaks.LeakScope) -> () in variable initialization "
                + "expression of static Scenarios.Guide003.Binding.scenario : Scenarios.Scenario")
        XCTAssertEqual(closure.qualifiedFunction, "Binding.scenario")
    }

    /// The site RxCore's sinks keep beside a closure of their own (`CallSite.unrecorded`, address 0).
    func testAddressZeroHasNoLocation() {
        XCTAssertNil(CallSiteResolver.location(of: 0))
    }

    func testAnExtensionNamesItsModule() {
        let name = FunctionName(
            "(extension in RxCore):RxCore.ObservableType.map<A>((A.Element) throws -> A1) -> RxCore.Observable<A1>")
        XCTAssertEqual(name.module, "RxCore")
        XCTAssertEqual(name.hashFunction, "map(_:)")
    }
}
