import Foundation
import LeakTesting
import Leaks
import OpenCombine
import Testing

// OpenCombine's `sink` stored in a `Set<AnyCancellable>` the view model owns:
// a closure that captures the view model strongly closes a cycle through the
// set, the cancellable, the subscriber and the closure.

private final class ProfileViewModel {
    let name = PassthroughSubject<String, Never>()
    var title = ""
    var cancellables = Set<AnyCancellable>()

    func bindLeaking() {
        name.sink { self.title = $0 }.store(in: &cancellables)
    }

    func bindFixed() {
        name.sink { [weak self] in self?.title = $0 }.store(in: &cancellables)
    }
}

@Suite struct OpenCombineLeakTests {
    @Test func sinkCapturingSelfInStoredCancellablesIsACycle() throws {
        weak var leaked: ProfileViewModel?
        let report = LeakCheck.run { scope in
            let model = ProfileViewModel()
            scope.track(model)
            model.bindLeaking()
            leaked = model
        }
        let leak = try #require(report.leaks.first, "\(report)")
        #expect(leak.typeName == "ProfileViewModel")
        #expect(leak.kind == .cycle, "\(report)")
        #expect(leak.cycle?.description.contains("─cancellables[") == true, "\(report)")
        #expect(leak.pattern?.id == "closure-strong-self", "\(report)")
        // docs/engine.md shows this leak as the report gives it.
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../../docs/engine.md")
        let sample = try String(contentsOf: docs, encoding: .utf8).components(separatedBy: "```\n").first {
            $0.hasPrefix("ProfileViewModel leaked")
        }
        #expect(
            sample == leak.description + "\n", "docs/engine.md's sample, where the report reads:\n\(leak.description)")
        leaked?.cancellables.removeAll()
        #expect(leaked == nil)
    }

    @Test(.leakChecked) func sinkWithWeakSelfIsClean() {
        let model = ProfileViewModel()
        trackForLeaks(model)
        model.bindFixed()
        model.name.send("Ada")
    }
}
