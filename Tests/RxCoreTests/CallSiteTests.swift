import RxCore
import XCTest

final class CallSiteTests: RxTestCase {
    func testKeepsTheFileTheLineAndTheFunction() {
        let site = CallSite(file: "Feature/Presenter.swift", line: 42, function: "bind()")
        XCTAssertEqual(site.file, "Feature/Presenter.swift")
        XCTAssertEqual(site.fileName, "Presenter.swift")
        XCTAssertEqual(site.line, 42)
        XCTAssertEqual(site.function, "bind()")
        XCTAssertEqual(site.description, "Presenter.swift:42")
        XCTAssertNil(site.returnAddress)
    }

    func testKeepsNonASCIIFilesAndTheLargestLine() {
        let site = CallSite(file: "Fonctionnalité/Présentateur.swift", line: .max, function: "lier()")
        XCTAssertEqual(site.fileName, "Présentateur.swift")
        XCTAssertEqual(site.function, "lier()")
        XCTAssertEqual(site.line, .max)
    }

    func testDefaultsToNoFunctionAndComparesByContent() {
        let site = CallSite(file: #fileID, line: 7)
        XCTAssertEqual(site.function, "")
        XCTAssertEqual(site, CallSite(file: "RxCoreTests/CallSiteTests.swift", line: 7))
        XCTAssertNotEqual(site, CallSite(file: #fileID, line: 8))
        XCTAssertEqual(Set([site, CallSite(file: "RxCoreTests/CallSiteTests.swift", line: 7)]).count, 1)
    }

    /// The site of a subscription is the return address of a call made from
    /// this function (the transparent `subscribe` is inlined here), placed by
    /// the resolver RxCoreLeaks installs: file, line and `#function`'s name.
    func testASubscriptionsSiteIsTheCallersLineAndFunction() throws {
        let subject = PublishSubject<Int>()
        let line: UInt = #line + 1
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        defer { subscription.dispose() }

        let site = try XCTUnwrap(liveSubscriptionsOfThisTest.first?.site)
        XCTAssertNotNil(site.returnAddress)
        XCTAssertEqual(site.file, "RxCoreTests/CallSiteTests.swift")
        XCTAssertEqual(site.line, line)
        XCTAssertEqual(site.function, #function)
        XCTAssertEqual(site.description, "CallSiteTests.swift:\(line)")
    }

    /// A bag's initialiser is reached through its allocating entry point: the
    /// site is still the line that made the bag, for each of its initialisers.
    func testABagsSiteIsTheLineThatMadeIt() {
        let lines: [UInt] = [#line + 2, #line + 3, #line + 4]
        let bags = [
            DisposeBag(),
            DisposeBag(disposing: Disposables.create()),
            DisposeBag { Disposables.create() },
        ]
        XCTAssertEqual(bags.map(\.identity.site.description), lines.map { "CallSiteTests.swift:\($0)" })
    }

    /// Two calls on one line are two return addresses, but one place.
    func testSitesAreResolvedOncePerAddress() {
        let subject = PublishSubject<Int>()
        let first = subject.subscribe(onNext: { _ in }); let second = subject.subscribe(onNext: { _ in })
        defer { first.dispose(); second.dispose() }
        let sites = liveSubscriptionsOfThisTest.map(\.site)
        XCTAssertEqual(sites.count, 2)
        XCTAssertNotEqual(sites[0], sites[1])
        XCTAssertEqual(sites[0].description, sites[1].description)
    }

    func testAnAddressNoResolverPlacesReadsAsHexadecimal() {
        XCTAssertEqual(CallSite(bitPattern: 0x10).description, "0x10")
        XCTAssertEqual(CallSite(bitPattern: 0x10).line, 0)
    }
}
