import RxCore
import XCTest

final class RefCountDisposableTests: RxTestCase {
    func testUnderlyingIsDisposedOnlyOnceEveryReferenceAndThePrimaryAre() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let first = refCount.retain(), second = refCount.retain()

        refCount.dispose()
        first.dispose()
        first.dispose()
        XCTAssertFalse(underlying.isDisposed, "a reference is still held")

        second.dispose()
        XCTAssertTrue(underlying.isDisposed)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testRetainAfterTheUnderlyingIsDisposedHoldsNothing() {
        let underlying = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        refCount.dispose()
        XCTAssertTrue(underlying.isDisposed)

        refCount.retain().dispose()
        XCTAssertTrue(refCount.isDisposed)
    }
}
