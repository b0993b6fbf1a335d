import Leaks
import RxCore
import Scenarios

/// Small scenarios that exist only in these tests, for the parts of the CLI
/// tested in-process (selection, rendering, the isolation runner).
enum TestScenarios {
    final class Screen {
        let disposeBag = DisposeBag()
        let taps = PublishSubject<Int>()
        var count = 0

        func bindLeaking() { taps.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag) }
        func bindFixed() { taps.subscribe(onNext: { [weak self] _ in self?.count += 1 }).disposed(by: disposeBag) }
    }

    static let guide = GuideReference(
        file: "000_96c7dbaa37a9d1af.txt", section: "Capture lists", passage: "Capture self weakly.")

    /// A leaking and a fixed variant of the strong-self closure.
    static let strongSelf = Scenario(
        id: "test-strong-self", title: "A test screen captures self", guide: guide,
        explanation: "The closure keeps the screen.", fix: "Capture self weakly.",
        variants: [
            Variant("leaking", role: .leaking, expect: .leak(.cycle, types: ["Screen"], pattern: nil)) { scope in
                let screen = Screen()
                scope.track(screen)
                screen.bindLeaking()
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                let screen = Screen()
                scope.track(screen)
                screen.bindFixed()
            },
        ])

    /// Beyond the guide, with a control variant whose name is not its role.
    static let beyond = Scenario(
        id: "test-ignored-result", title: "A test that ignores nothing",
        guide: GuideReference(file: "beyond the guide", section: "Extras", passage: ""),
        explanation: "", fix: "",
        variants: [Variant("completing-source", role: .control, expect: .clean) { _ in }])

    static let all = [strongSelf, beyond]
}
