import Foundation
import LeakSuiteRecords
import Leaks
import XCTest

/// The whole-suite mode's results file, line by line, as LeakTesting writes
/// it and `rxleaks test` reads it.
final class SuiteLineTests: XCTestCase {
    func testAVerdictComesBackAsWritten() throws {
        let subscription = LiveSubscription(
            id: 7, verb: "bind", chain: "PublishSubject<Int> → map → bind",
            site: SourceSite(file: "App/ViewModel.swift", line: 12, function: "bind()"),
            owner: "DisposeBag#2 (ViewModel.swift:4)", ownerAddress: 0xdead, backtrace: [1, 2])
        let written = SuiteVerdict(
            framework: .swiftTesting, name: "AppTests.Suite/leaks()", ownCheck: false, passed: nil,
            report: .init(
                isClean: false, leaks: [], liveSubscriptions: [subscription],
                leftResources: [.init(name: "subscriptions", count: 1), .init(name: "sinks", count: 2)],
                unsettled: ["a timer"], keptAlive: ["Cache"]),
            text: "Leak check: NOT clean", ignoredBecause: "known")
        let bytes = try SuiteLine.verdict(written).encoded()
        XCTAssertEqual(bytes.last, UInt8(ascii: "\n"))
        XCTAssertEqual(bytes.filter { $0 == UInt8(ascii: "\n") }.count, 1, "one line")
        XCTAssertTrue(SuiteLine.isVerdict(bytes.dropLast()))
        guard case .verdict(let read) = SuiteLine(decoding: bytes.dropLast()) else {
            return XCTFail("not read back as a verdict")
        }
        XCTAssertEqual(read.framework, .swiftTesting)
        XCTAssertEqual(read.name, written.name)
        XCTAssertEqual(read.ignoredBecause, "known")
        XCTAssertEqual(read.verdict, .leftWork)
        XCTAssertEqual(read.report.leftResources, written.report.leftResources)
        XCTAssertEqual(read.report.resourceDelta, 3)
        XCTAssertEqual(read.report.leftResources.listing, "1 subscription, 2 sinks")
        XCTAssertEqual(read.report.unsettled, ["a timer"])
        XCTAssertEqual(read.report.keptAlive, ["Cache"])
        // The owner's address and the raw backtrace mean nothing outside the process that made them: the
        // frames come back as the text they were symbolicated to.
        XCTAssertEqual(read.report.liveSubscriptions.count, 1)
        let readSubscription = try XCTUnwrap(read.report.liveSubscriptions.first)
        XCTAssertEqual(readSubscription.description, subscription.description)
        XCTAssertEqual(readSubscription.verb, "bind")
        XCTAssertEqual(readSubscription.site, subscription.site)
        XCTAssertNil(readSubscription.ownerAddress)
        XCTAssertNil(readSubscription.backtrace)
        XCTAssertEqual(readSubscription.frames?.count, 2)
        XCTAssertEqual(readSubscription.frames, subscription.frames)
    }

    func testTheStartLineCarriesTheProcessAndIsNoVerdict() throws {
        let bytes = try SuiteLine.start(pid: 4242).encoded()
        XCTAssertFalse(SuiteLine.isVerdict(bytes.dropLast()))
        guard case .start(let pid) = SuiteLine(decoding: bytes.dropLast()) else {
            return XCTFail("not read back as a start line")
        }
        XCTAssertEqual(pid, 4242)
    }

    func testATestsStartCarriesItsNameAndProcessAndIsNoVerdict() throws {
        let bytes = try SuiteLine.testStarted(name: "ViewModelTests.testBinds", pid: 4242).encoded()
        XCTAssertFalse(SuiteLine.isVerdict(bytes.dropLast()))
        guard case .testStarted(let name, let pid) = SuiteLine(decoding: bytes.dropLast()) else {
            return XCTFail("not read back as a test's start")
        }
        XCTAssertEqual(name, "ViewModelTests.testBinds")
        XCTAssertEqual(pid, 4242)
    }

    func testALineCutShortIsNoLine() throws {
        let bytes = try SuiteLine.verdict(
            SuiteVerdict(
                framework: .xctest, name: "A.test", ownCheck: false, passed: true,
                report: .empty, text: "clean")
        ).encoded()
        XCTAssertNil(SuiteLine(decoding: bytes.prefix(bytes.count / 2)))
        XCTAssertNil(SuiteLine(decoding: Data(#"{"suiteMode":"stopped","pid":1}"#.utf8)))
    }
}

/// LEFT's kinds, named in the plural by integrations, read in the singular for a count of 1.
final class ResourceListingTests: XCTestCase {
    func testAKindCountedOnceReadsInTheSingular() {
        let kinds: [ResourceCounts.KindCount] = [
            .init(name: "subscriptions", count: 1), .init(name: "subjects", count: 1), .init(name: "sinks", count: 2),
            .init(name: "entries", count: 1), .init(name: "boxes", count: 1), .init(name: "scheduled work", count: 1),
            .init(name: "passes", count: 1),
        ]
        XCTAssertEqual(
            kinds.listing, "1 subscription, 1 subject, 2 sinks, 1 entry, 1 box, 1 scheduled work, 1 pass")
    }
}
