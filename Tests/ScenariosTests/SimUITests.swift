import Foundation
import RxCore
import SimUI
import XCTest

/// A controller that records its lifecycle calls.
private final class LoggingViewController: UIViewController {
    let name: String
    let log: Log

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init()
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
}

/// A visible window whose root is `root`, with the log emptied of the root's appearance.
private func showInWindow(_ root: UIViewController, log: Log) -> UIWindow {
    let window = UIWindow()
    window.rootViewController = root
    window.makeKeyAndVisible()
    _ = log.take()
    return window
}

private final class Log {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A cell that counts its reuses.
private final class CountingCell: UITableViewCell {
    var reuseCount = 0
    var shownItem: String?

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
        shownItem = nil
    }
}

private final class ArrayDataSource: UITableViewDataSource {
    var items: [String]
    private(set) var requestedRows: [Int] = []

    init(items: [String]) { self.items = items }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        requestedRows.append(indexPath.row)
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath) as! CountingCell
        cell.shownItem = items[indexPath.row]
        return cell
    }
}

final class SimUITests: XCTestCase {
    // MARK: View controller lifecycle

    func testViewLoadsLazilyOnce() {
        let log = Log()
        let controller = LoggingViewController("A", log: log)
        XCTAssertFalse(controller.isViewLoaded)
        XCTAssertNil(controller.viewIfLoaded)
        _ = controller.view
        controller.loadViewIfNeeded()
        XCTAssertTrue(controller.isViewLoaded)
        XCTAssertEqual(log.take(), ["A.viewDidLoad"])
    }

    func testAppearsOnlyInAVisibleWindow() {
        let log = Log()
        let window = UIWindow()
        window.rootViewController = LoggingViewController("Root", log: log)
        XCTAssertEqual(log.take(), ["Root.viewDidLoad"])
        window.makeKeyAndVisible()
        XCTAssertEqual(log.take(), ["Root.viewWillAppear", "Root.viewDidAppear"])
        window.isHidden = true
        XCTAssertEqual(log.take(), ["Root.viewWillDisappear", "Root.viewDidDisappear"])
    }

    func testReplacingTheRootReleasesTheOldHierarchy() {
        let log = Log()
        let window = UIWindow()
        window.makeKeyAndVisible()
        weak var old: UIViewController?
        do {
            let root = LoggingViewController("Old", log: log)
            old = root
            window.rootViewController = root
        }
        window.rootViewController = LoggingViewController("New", log: log)
        XCTAssertNil(old)
        XCTAssertEqual(
            log.take(),
            [
                "Old.viewDidLoad", "Old.viewWillAppear", "Old.viewDidAppear",
                "Old.viewWillDisappear", "Old.viewDidDisappear",
                "New.viewDidLoad", "New.viewWillAppear", "New.viewDidAppear",
            ])
    }

    // MARK: Navigation

    func testPushAndPopRunTheLifecycleAndPopReleases() {
        let log = Log()
        let navigation = UINavigationController(rootViewController: LoggingViewController("Root", log: log))
        let window = showInWindow(navigation, log: log)

        weak var pushed: LoggingViewController?
        do {
            let details = LoggingViewController("Details", log: log)
            pushed = details
            navigation.pushViewController(details, animated: true)
            XCTAssertTrue(details.navigationController === navigation)
        }
        XCTAssertEqual(
            log.take(),
            [
                "Root.viewWillDisappear", "Details.viewDidLoad", "Details.viewWillAppear",
                "Root.viewDidDisappear", "Details.viewDidAppear",
            ])
        XCTAssertNotNil(pushed, "the navigation stack holds the pushed controller")

        navigation.popViewController(animated: true)
        XCTAssertNil(pushed, "a popped controller nobody else holds is released")
        XCTAssertEqual(
            log.take(),
            [
                "Details.viewWillDisappear", "Root.viewWillAppear", "Details.viewDidDisappear", "Root.viewDidAppear",
            ])
        XCTAssertNil(navigation.popViewController(animated: true), "the root is never popped")
        withExtendedLifetime(window) {}
    }

    func testPopToRootReleasesEveryControllerAbove() {
        let navigation = UINavigationController(rootViewController: UIViewController())
        weak var second: UIViewController?
        weak var third: UIViewController?
        do {
            let a = UIViewController(), b = UIViewController()
            second = a
            third = b
            navigation.pushViewController(a, animated: false)
            navigation.pushViewController(b, animated: false)
        }
        XCTAssertEqual(navigation.viewControllers.count, 3)
        navigation.popToRootViewController(animated: false)
        XCTAssertNil(second)
        XCTAssertNil(third)
        XCTAssertEqual(navigation.viewControllers.count, 1)
    }

    // MARK: Presentation

    func testPresentAndDismissASheet() {
        let log = Log()
        let root = LoggingViewController("Root", log: log)
        let window = showInWindow(root, log: log)

        weak var sheet: UIViewController?
        do {
            let presented = LoggingViewController("Sheet", log: log)
            sheet = presented
            root.present(presented, animated: true)
            XCTAssertTrue(root.presentedViewController === presented)
            XCTAssertTrue(presented.presentingViewController === root)
        }
        XCTAssertEqual(
            log.take(), ["Sheet.viewDidLoad", "Sheet.viewWillAppear", "Sheet.viewDidAppear"],
            "a sheet leaves its presenter on screen")
        sheet?.dismiss(animated: true)
        XCTAssertNil(sheet, "a dismissed controller nobody else holds is released")
        XCTAssertNil(root.presentedViewController)
        XCTAssertEqual(log.take(), ["Sheet.viewWillDisappear", "Sheet.viewDidDisappear"])
        withExtendedLifetime(window) {}
    }

    func testFullScreenPresentationCoversThePresenter() {
        let log = Log()
        let root = LoggingViewController("Root", log: log)
        let window = showInWindow(root, log: log)

        let cover = LoggingViewController("Cover", log: log)
        cover.modalPresentationStyle = .fullScreen
        var completed = false
        root.present(cover, animated: false) { completed = true }
        XCTAssertTrue(completed)
        XCTAssertEqual(
            log.take(),
            [
                "Cover.viewDidLoad", "Root.viewWillDisappear", "Cover.viewWillAppear", "Root.viewDidDisappear",
                "Cover.viewDidAppear",
            ])
        root.dismiss(animated: false)
        XCTAssertEqual(
            log.take(),
            [
                "Cover.viewWillDisappear", "Root.viewWillAppear", "Cover.viewDidDisappear", "Root.viewDidAppear",
            ])
        withExtendedLifetime(window) {}
    }

    func testPresentingTwiceIsIgnored() {
        let root = UIViewController()
        let first = UIViewController(), second = UIViewController()
        root.present(first, animated: false)
        root.present(second, animated: false)
        XCTAssertTrue(root.presentedViewController === first)
        XCTAssertNil(second.presentingViewController)
    }

    // MARK: Controls

    func testButtonTapRunsActionsUnlessDisabled() {
        let button = UIButton()
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        button.tap()
        button.sendActions(for: .touchUpInside)
        button.isEnabled = false
        button.tap()
        XCTAssertEqual(taps, 2)
    }

    func testTargetsAreHeldWeakly() {
        final class Target {
            var calls = 0
            func changed(_ control: UIControl) { calls += 1 }
        }
        let toggle = UISwitch()
        var target: Target? = Target()
        weak let weakTarget = target
        toggle.addTarget(target!, action: Target.changed, for: .valueChanged)
        toggle.toggle()
        XCTAssertEqual(target?.calls, 1)
        target = nil
        XCTAssertNil(weakTarget, "a control does not keep its targets alive")
        toggle.toggle()
    }

    func testSwitchIsOnIsSilentButSetOnSendsValueChanged() {
        let toggle = UISwitch()
        var changes: [Bool] = []
        toggle.addAction(UIAction { control in changes.append((control as! UISwitch).isOn) }, for: .valueChanged)
        toggle.isOn = true
        XCTAssertEqual(changes, [], "a programmatic isOn sends no event")
        toggle.setOn(false, animated: true)
        XCTAssertEqual(changes, [false], "setOn(_:animated:) sends .valueChanged, as the guide notes")
        toggle.toggle()
        XCTAssertEqual(changes, [false, true])
    }

    func testReentrantDeliveryStopsAtTheDepthLimit() {
        let toggle = UISwitch()
        var deliveries = 0
        toggle.addAction(
            UIAction { control in
                deliveries += 1
                let toggle = control as! UISwitch
                toggle.setOn(!toggle.isOn, animated: true)
            }, for: .valueChanged)
        toggle.toggle()
        XCTAssertEqual(deliveries, UIControl.maximumDeliveryDepth)
        XCTAssertEqual(toggle.refusedDeliveries, 1)
        toggle.isOn = false
        toggle.toggle()
        XCTAssertEqual(deliveries, 2 * UIControl.maximumDeliveryDepth, "the depth resets after the loop unwinds")
    }

    func testTextFieldEditingSendsEventsAndProgrammaticTextDoesNot() {
        let field = UITextField()
        XCTAssertEqual(field.text, "")
        var seen: [String?] = []
        field.addAction(UIAction { control in seen.append((control as! UITextField).text) }, for: .editingChanged)
        field.text = "set in code"
        field.enterText("typed")
        field.text = nil
        XCTAssertEqual(seen, ["typed"])
        XCTAssertEqual(field.text, "")
    }

    func testDeallocationHandlersRunWhenTheViewGoesAway() {
        var ran = false
        do {
            let view = UIView()
            view.onDeallocation { ran = true }
        }
        XCTAssertTrue(ran)
    }

    // MARK: Table view

    func testCellsAreReusedAfterPrepareForReuse() {
        let table = UITableView(visibleRowCount: 3)
        table.register(CountingCell.self, forCellReuseIdentifier: "Cell")
        let dataSource = ArrayDataSource(items: (0..<10).map { "item \($0)" })
        table.dataSource = dataSource
        table.reloadData()
        XCTAssertEqual(table.createdCellCount, 3)
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0)) as! CountingCell
        XCTAssertEqual(first.shownItem, "item 0")

        table.scrollToRow(at: IndexPath(row: 3, section: 0), animated: true)
        XCTAssertNil(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(table.indexPathsForVisibleRows.map(\.row), [3, 4, 5])
        XCTAssertEqual(table.createdCellCount, 3, "rows that scroll in reuse the cells that scrolled out")
        XCTAssertEqual(first.reuseCount, 1)
        XCTAssertTrue(table.visibleCells.contains { $0 === first })
        XCTAssertTrue((first.shownItem ?? "").hasPrefix("item "))

        table.scrollThroughAllRows()
        XCTAssertEqual(table.createdCellCount, 3)
        XCTAssertEqual(Set(dataSource.requestedRows), Set(0..<10))
        XCTAssertEqual(table.indexPathsForVisibleRows.map(\.row), [0, 1, 2])
    }

    func testReloadDataReusesTheCellsOnScreen() {
        let table = UITableView(visibleRowCount: 4)
        table.register(CountingCell.self, forCellReuseIdentifier: "Cell")
        let dataSource = ArrayDataSource(items: ["a", "b"])
        table.dataSource = dataSource
        table.reloadData()
        let cells = table.visibleCells.map { $0 as! CountingCell }
        XCTAssertEqual(cells.map(\.shownItem), ["a", "b"])
        dataSource.items = ["c", "d", "e"]
        table.reloadData()
        XCTAssertEqual(table.createdCellCount, 3)
        XCTAssertEqual(cells.map(\.reuseCount), [1, 1])
        XCTAssertEqual(table.visibleCells.map { ($0 as! CountingCell).shownItem }, ["c", "d", "e"])
    }
}

// MARK: - Reactive extensions

final class SimUIReactiveTests: XCTestCase {
    func testTapEmitsAndCompletesWhenTheButtonGoesAway() {
        var button: UIButton? = UIButton()
        var events: [String] = []
        let subscription = button!.rx.tap.subscribe(
            onNext: { events.append("tap") },
            onCompleted: { events.append("completed") })
        button!.tap()
        button!.tap()
        XCTAssertEqual(button!.actionCount(for: .touchUpInside), 1)
        button = nil
        XCTAssertEqual(events, ["tap", "tap", "completed"])
        subscription.dispose()
    }

    func testDisposingATapSubscriptionRemovesItsAction() {
        let button = UIButton()
        var taps = 0
        let subscription = button.rx.tap.subscribe(onNext: { taps += 1 })
        subscription.dispose()
        button.tap()
        XCTAssertEqual(taps, 0)
        XCTAssertEqual(button.actionCount(for: .touchUpInside), 0)
    }

    func testLabelTextBinder() {
        let label = UILabel()
        let subscription = Observable.just("Hello").bind(to: label.rx.text)
        XCTAssertEqual(label.text, "Hello")
        subscription.dispose()
    }

    func testLifecycleEventsFollowTheController() {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: UIViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        var controller: UIViewController? = UIViewController()
        var events: [String] = []
        let bag = DisposeBag()
        controller!.rx.viewWillAppear.subscribe(onNext: { _ in events.append("willAppear") }).disposed(by: bag)
        controller!.rx.viewDidDisappear.subscribe(
            onNext: { _ in events.append("didDisappear") },
            onCompleted: { events.append("completed") }
        ).disposed(by: bag)
        controller!.rx.deallocated.subscribe(onNext: { events.append("deallocated") }).disposed(by: bag)
        navigation.pushViewController(controller!, animated: true)
        controller = nil
        navigation.popViewController(animated: true)
        XCTAssertEqual(events, ["willAppear", "didDisappear", "completed", "deallocated"])
    }

    func testItemsBindingKeepsItsConfigureClosureAndReusesCells() {
        final class Cell: UITableViewCell {
            var text: String?
            override func prepareForReuse() {
                super.prepareForReuse()
                text = nil
            }
        }
        final class Owner {}
        let table = UITableView(visibleRowCount: 2)
        table.register(Cell.self, forCellReuseIdentifier: "Cell")
        let items = PublishRelay<[String]>()
        weak var capturedOwner: Owner?
        var binding: Disposable?
        do {
            let owner = Owner()
            capturedOwner = owner
            binding = items.bind(to: table.rx.items(cellIdentifier: "Cell", cellType: Cell.self)) { row, item, cell in
                withExtendedLifetime(owner) { cell.text = "\(row): \(item)" }
            }
        }
        XCTAssertNotNil(capturedOwner, "the table view keeps the configure closure while bound")
        items.accept(["a", "b", "c"])
        XCTAssertEqual(table.visibleCells.map { ($0 as! Cell).text }, ["0: a", "1: b"])
        table.scrollToRow(at: IndexPath(row: 1, section: 0), animated: false)
        XCTAssertEqual(table.visibleCells.map { ($0 as! Cell).text }, ["1: b", "2: c"])
        XCTAssertEqual(table.createdCellCount, 2)
        binding?.dispose()
        XCTAssertNil(capturedOwner, "disposing the binding releases the configure closure")
        XCTAssertNil(table.dataSource)
    }

    func testItemsBindingEndsWhenTheTableViewGoesAway() {
        let items = PublishRelay<[Int]>()
        var table: UITableView? = UITableView()
        table!.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        let before = SubscriptionRegistry.count
        _ = items.bind(to: table!.rx.items(cellIdentifier: "Cell")) { _, item, cell in
            cell.textLabel?.text = "\(item)"
        }
        XCTAssertEqual(SubscriptionRegistry.count, before + 1)
        table = nil
        XCTAssertEqual(SubscriptionRegistry.count, before, "the binding ends with its table view")
    }

    func testSwitchPropertyIgnoresProgrammaticIsOnButNotSetOn() {
        let toggle = UISwitch()
        var values: [Bool] = []
        let subscription = toggle.rx.isOn.subscribe(onNext: { values.append($0) })
        toggle.isOn = true
        toggle.setOn(false, animated: true)
        toggle.toggle()
        XCTAssertEqual(values, [false, false, true], "the current value, then setOn and the user's flip; not isOn")
        let binding = Observable.just(false).bind(to: toggle.rx.isOn)
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(values, [false, false, true], "binding to rx.isOn sets isOn, which sends no event")
        binding.dispose()
        subscription.dispose()
    }

    func testSwitchFeedbackThroughSetOnStopsAtTheDepthLimitAsReentrantDeliveries() {
        let toggle = UISwitch()
        let relay = BehaviorRelay(value: false)
        let bag = DisposeBag()
        toggle.rx.isOn.changed.bind(to: relay).disposed(by: bag)
        relay.skip(1).subscribe(onNext: { [unowned toggle] isOn in toggle.setOn(isOn, animated: true) }).disposed(
            by: bag)
        // By date: the log keeps only its latest 1,000 entries, so its length may not grow.
        let start = Date()
        toggle.toggle()
        let reentrant = Resources.diagnostics.filter { $0.kind == .reentrantDelivery && $0.date >= start }.count
        XCTAssertEqual(toggle.refusedDeliveries, 1)
        XCTAssertEqual(reentrant, UIControl.maximumDeliveryDepth - 1, "each nested round re-enters the relay once")
    }

    func testTextFieldTextProperty() {
        let field = UITextField()
        var texts: [String?] = []
        let subscription = field.rx.text.subscribe(onNext: { texts.append($0) })
        field.enterText("hello")
        let binding = Observable<String?>.just("set").bind(to: field.rx.text)
        XCTAssertEqual(field.text, "set")
        XCTAssertEqual(texts, ["", "", "hello", "hello"], "current value, then editing begin, change and end")
        binding.dispose()
        subscription.dispose()
    }

    func testItemSelected() {
        let table = UITableView()
        var selected: [Int] = []
        let subscription = table.rx.itemSelected.subscribe(onNext: { selected.append($0.row) })
        table.selectRow(at: IndexPath(row: 3, section: 0))
        XCTAssertEqual(selected, [3])
        XCTAssertEqual(table.indexPathForSelectedRow?.row, 3)
        subscription.dispose()
    }
}
