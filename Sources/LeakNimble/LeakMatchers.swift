#if Nimble
import Leaks
import Nimble

/// Matches a block of code that leaks: the block runs inside a leak check
/// (`LeakCheck.run`), pending work settles, and the block
/// matches when the report is not clean. Use it negated; a failure's message
/// is the leak report.
///
/// ```swift
/// expect {
///     let viewModel = ProfileViewModel()
///     LeakScope.current?.track(viewModel)
///     viewModel.bind()
/// }.toNot(leak())
/// ```
///
/// Objects that closures handed to a library with a leak integration (such
/// as RxCore) capture are tracked by themselves; track others with
/// `LeakScope.current?.track(_:)` inside the block.
public func leak(settle: SettlePolicy = .drain) -> Matcher<Void> {
    Matcher { expression in
        let report = LeakCheck.run("expect { … }", settle: settle) { _ in
            _ = try expression.evaluate()
        }
        let message = ExpectationMessage.expectedTo("leak").appended(details: report.description)
        return MatcherResult(bool: !report.isClean, message: message)
    }
}

/// Matches a reference that no longer points to a live object: the object it
/// watched has been freed. Give it a `weak` reference once the test has let go
/// of its own strong ones; when the object is still alive, the failure's
/// message is a leak report that explains what holds it.
///
/// ```swift
/// var viewModel: ProfileViewModel? = ProfileViewModel()
/// weak var released = viewModel
/// viewModel?.bind()
/// viewModel = nil
/// expect(released).to(beReleased())
/// ```
///
/// Nimble's expectation keeps the value it read until the expectation ends,
/// so one strong reference in the report is the expectation's own, and a
/// polling `toEventually` that finds the object alive keeps it alive: for work
/// that releases it later, run the code in `expect { … }.toNot(leak())`,
/// whose check settles pending work before judging.
public func beReleased<Object: AnyObject>(settle: SettlePolicy = .drain) -> Matcher<Object> {
    Matcher { expression in
        var alive: String?
        let report = LeakCheck.run("expect(…).to(beReleased())", settle: settle) { scope in
            guard let object = try expression.evaluate() else { return }
            alive = String(describing: type(of: object))
            scope.track(object)
        }
        guard let alive else {
            return MatcherResult(bool: true, message: .expectedTo("be released"))
        }
        let message = ExpectationMessage.expectedCustomValueTo("be released", actual: "\(alive) still alive")
            .appended(
                details: report.description
                    + "\n(one strong reference is the expectation's own: it keeps the value it read)")
        return MatcherResult(bool: false, message: message)
    }
}
#endif
