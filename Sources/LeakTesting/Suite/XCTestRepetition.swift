@_spi(Reflection) import Swift
import XCTest

/// More runs of an XCTest test than XCTest makes, for `rxleaks test --repeat`: each on a fresh test case of
/// the test's class, made with XCTest's public `init(name:testClosure:)` and run by `invokeTest()` (setUp,
/// the test, its teardown blocks, tearDown), as Apple's XCTest runs each test on a test case of its own.
///
/// swift-corelibs-xctest has no public API to run a test again: a test case's `invokeTest()` cannot run twice
/// on one test case (its teardown blocks can be added only until they first ran), and the closure that runs
/// the test, which a fresh test case needs, is a stored property it does not publish. Its offset is read from
/// the class's field metadata (`_forEachField`), checked to be of `XCTestCaseClosure`'s type; when XCTest
/// stores it otherwise, no fresh test case is made and the test runs once.
enum XCTestRepetition {
    /// The closure's field, wrapped: a function loaded from memory as a bare generic value would be taken
    /// at the generic (opaque) abstraction, not the one a class stores it at.
    private struct StoredClosure {
        var closure: XCTestCaseClosure
    }

    /// The byte offset of `XCTestCase.testClosure`, when it is there and of the expected type.
    private static let closureOffset: Int? = {
        var found: Int?
        _ = _forEachField(of: XCTestCase.self, options: .classType) { name, offset, type, _ in
            guard String(cString: name) == "testClosure" else { return true }
            if ObjectIdentifier(type) == ObjectIdentifier(XCTestCaseClosure.self) { found = offset }
            return false
        }
        return found
    }()

    /// A new test case that runs the same test as `testCase`; nil when XCTest's closure cannot be read.
    static func freshCase(like testCase: XCTestCase) -> XCTestCase? {
        guard let offset = closureOffset else { return nil }
        let closure = withExtendedLifetime(testCase) {
            UnsafeRawPointer(Unmanaged.passUnretained(testCase).toOpaque())
                .load(fromByteOffset: offset, as: StoredClosure.self).closure
        }
        // XCTest names a test case `Class.method` and prefixes the class to the name it is given.
        let method = testCase.name.split(separator: ".").last.map(String.init) ?? testCase.name
        return type(of: testCase).init(name: method, testClosure: closure)
    }
}
