import Leaks
import XCTest

// OpenCombine's `Optional.OCombine.Inner` and `Result.OCombine.Inner`: a generic class nested in a type
// that an extension of a standard library generic declares. Its subscriber keeps it in a list of enum
// cases with an existential payload, and it keeps its subscriber: a cycle the engine must follow as it
// follows the same shape nested in a generic type of the module's own.

private protocol Ticket: AnyObject {}

extension Optional {
    fileprivate enum Nest {}
}

extension Optional.Nest {
    fileprivate final class Inner<Downstream: AnyObject>: Ticket {
        var downstream: Downstream?
        let output: Wrapped
        init(output: Wrapped, downstream: Downstream) {
            self.output = output
            self.downstream = downstream
        }
    }
}

private struct Publisher<Output> {
    fileprivate final class Inner<Downstream: AnyObject>: Ticket {
        var downstream: Downstream?
        let output: Output
        init(output: Output, downstream: Downstream) {
            self.output = output
            self.downstream = downstream
        }
    }
}

private final class Tracker {
    enum Event {
        case ticket(Ticket)
        case value(Int)
    }
    var history: [Event] = []
}

final class NestedGenericTests: XCTestCase {
    private func check(_ name: String = #function, subscribe: (Tracker) -> Void) -> LeakReport {
        weak var made: Tracker?
        let report = LeakCheck.run(name) { scope in
            let tracker = Tracker()
            scope.track(tracker)
            subscribe(tracker)
            made = tracker
        }
        made?.history = []
        XCTAssertNil(made, "the oracle: nothing else keeps the tracker")
        return report
    }

    private func assertCycle(
        _ report: LeakReport, through label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let leak = report.leaks.first else { return XCTFail("no leak:\n\(report)", file: file, line: line) }
        XCTAssertEqual(leak.kind, .cycle, report.description, file: file, line: line)
        XCTAssertTrue(
            leak.cycle?.description.contains(label) ?? false, "cycle lacks \(label):\n\(report)", file: file, line: line
        )
    }

    func testAClassNestedInAGenericTypeOfTheModule() {
        let report = check { tracker in
            tracker.history.append(.ticket(Publisher<Int>.Inner(output: 42, downstream: tracker)))
        }
        assertCycle(report, through: "─history[0]→ Publisher.Inner\n")
        assertCycle(report, through: "─downstream→ Tracker")
    }

    func testAClassNestedInAnExtensionOfAStandardLibraryGenericType() {
        let report = check { tracker in
            tracker.history.append(.ticket(Int?.Nest.Inner(output: 42, downstream: tracker)))
        }
        // Named by the extension's module and every type it is nested in, not folded away as the standard
        // library's `Optional`.
        assertCycle(report, through: "─history[0]→ Optional.Nest.Inner\n")
        assertCycle(report, through: "─downstream→ Tracker")
    }
}
