import Foundation
import PlainLeaks
import XCTest

/// Plain-Swift leaks and their fixed twins, with no leak code: each test's weak reference is the
/// oracle that proves the verdict `rxleaks test` must give.
final class PlainSwiftTests: XCTestCase {
    func testNoteEditorSaves() {
        weak var oracle: NoteEditor?
        do {
            let editor = NoteEditor()
            editor.onSave?()
            XCTAssertEqual(editor.saves, 1)
            oracle = editor
        }
        XCTAssertNotNil(oracle, "leaks: its closure captures it")
    }

    func testFixedNoteEditorSaves() {
        weak var oracle: FixedNoteEditor?
        do {
            let editor = FixedNoteEditor()
            editor.onSave?()
            XCTAssertEqual(editor.saves, 1)
            oracle = editor
        }
        XCTAssertNil(oracle)
    }

    func testChartControllerRedraws() {
        weak var oracle: ChartController?
        do {
            let controller = ChartController()
            controller.view.redraw()
            XCTAssertEqual(controller.redraws, 1)
            oracle = controller
        }
        XCTAssertNotNil(oracle, "leaks: its view's delegate is strong")
    }

    func testFixedChartControllerRedraws() {
        weak var oracle: FixedChartController?
        do {
            let controller = FixedChartController()
            controller.view.redraw()
            XCTAssertEqual(controller.redraws, 1)
            oracle = controller
        }
        XCTAssertNil(oracle)
    }

    func testThemeObserverCountsChanges() {
        weak var oracle: ThemeObserver?
        do {
            let observer = ThemeObserver()
            NotificationCenter.default.post(name: .themeChanged, object: nil)
            XCTAssertEqual(observer.changes, 1)
            oracle = observer
        }
        XCTAssertNotNil(oracle, "leaks: NotificationCenter.default keeps its block, which captures it")
    }

    func testFixedThemeObserverCountsChanges() {
        weak var oracle: FixedThemeObserver?
        do {
            let observer = FixedThemeObserver()
            NotificationCenter.default.post(name: .themeChanged, object: nil)
            XCTAssertEqual(observer.changes, 1)
            oracle = observer
        }
        XCTAssertNil(oracle)
    }

    func testChangeCounterStarts() {
        weak var oracle: ChangeCounter?
        do {
            let counter = ChangeCounter()
            XCTAssertEqual(counter.count, 0)
            oracle = counter
        }
        XCTAssertNotNil(oracle, "leaks: its task's endless loop captures it")
    }

    func testFixedChangeCounterStarts() {
        weak var oracle: FixedChangeCounter?
        do {
            let counter = FixedChangeCounter()
            XCTAssertEqual(counter.count, 0)
            oracle = counter
        }
        XCTAssertNil(oracle)
    }

    func testAutoSaverSchedules() {
        weak var oracle: AutoSaver?
        do {
            let saver = AutoSaver()
            saver.scheduleSave()
            oracle = saver
        }
        XCTAssertNotNil(oracle, "leaks: its stored work item's block captures it")
    }

    func testFixedAutoSaverSchedules() {
        weak var oracle: FixedAutoSaver?
        do {
            let saver = FixedAutoSaver()
            saver.scheduleSave()
            oracle = saver
        }
        XCTAssertNil(oracle)
    }

    func testProfileWatcherStarts() {
        weak var oracle: ProfileWatcher?
        do {
            let watcher = ProfileWatcher()
            XCTAssertEqual(watcher.refreshes, 0)
            oracle = watcher
        }
        XCTAssertNotNil(oracle, "leaks: the app-wide registry keeps its listener, which captures it")
    }

    func testFixedProfileWatcherStarts() {
        weak var oracle: FixedProfileWatcher?
        do {
            let watcher = FixedProfileWatcher()
            XCTAssertEqual(watcher.refreshes, 0)
            oracle = watcher
        }
        XCTAssertNil(oracle)
    }

    func testClockStarts() {
        weak var oracle: Clock?
        do {
            let clock = Clock()
            XCTAssertEqual(clock.ticks, 0)
            oracle = clock
        }
        XCTAssertNotNil(oracle, "leaks: its timer's block captures it")
    }

    func testFixedClockStarts() {
        weak var oracle: FixedClock?
        do {
            let clock = FixedClock()
            XCTAssertEqual(clock.ticks, 0)
            oracle = clock
        }
        XCTAssertNil(oracle)
    }

    func testPollerStarts() {
        weak var oracle: Poller?
        do {
            let poller = Poller()
            XCTAssertEqual(poller.polls, 0)
            oracle = poller
        }
        XCTAssertNotNil(oracle, "leaks: the run loop keeps its timer, whose block captures it")
    }

    func testFixedPollerStarts() {
        weak var oracle: FixedPoller?
        do {
            let poller = FixedPoller()
            XCTAssertEqual(poller.polls, 0)
            oracle = poller
        }
        XCTAssertNil(oracle)
    }

    func testFeedFollowerFollows() {
        weak var oracle: FeedFollower?
        do {
            let follower = FeedFollower()
            follower.follow()
            oracle = follower
        }
        XCTAssertNotNil(oracle, "leaks: the task it does not keep loops forever with it")
    }

    func testFixedFeedFollowerFollows() {
        weak var oracle: FixedFeedFollower?
        do {
            let follower = FixedFeedFollower()
            follower.follow()
            oracle = follower
        }
        XCTAssertNil(oracle)
    }

    func testDelayedSaverSaves() {
        weak var oracle: DelayedSaver?
        do {
            let saver = DelayedSaver()
            saver.saveLater()
            oracle = saver
        }
        XCTAssertNotNil(oracle, "leaks: its block pending on a dispatch queue for an hour captures it")
    }

    func testFixedDelayedSaverSaves() {
        weak var oracle: FixedDelayedSaver?
        do {
            let saver = FixedDelayedSaver()
            saver.saveLater()
            oracle = saver
        }
        XCTAssertNil(oracle)
    }
}

/// Objects that outlive their test by design or for a moment only: clean.
final class PlainSwiftLookAlikeTests: XCTestCase {
    private var list: NoteList!

    override func setUp() {
        super.setUp()
        list = NoteList(store: NoteStore())
    }

    func testTheCacheKeepsThumbnails() {
        weak var oracle: Thumbnail?
        do {
            let thumbnail = ThumbnailCache.shared.thumbnail(named: "cat")
            XCTAssertTrue(ThumbnailCache.shared.thumbnail(named: "cat") === thumbnail)
            oracle = thumbnail
        }
        XCTAssertNotNil(oracle, "kept by the cache, by design")
    }

    func testSettingsAreMadeOnFirstUse() {
        Settings.shared.fontSize = 14
        XCTAssertEqual(Settings.shared.fontSize, 14)
    }

    func testTheUploaderFinishesAMomentLater() {
        weak var oracle: Uploader?
        let finished = DispatchSemaphore(value: 0)
        do {
            let uploader = Uploader()
            uploader.uploadSoon { finished.signal() }
            oracle = uploader
        }
        XCTAssertNotNil(oracle, "kept by its pending work for now")
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
    }

    func testTheLoaderEnds() async {
        let loader = Loader()
        await loader.load()
        XCTAssertEqual(loader.loaded, [1, 2, 3])
    }

    func testNotesAreAddedToTheStoreMadeInSetUp() {
        list.add("milk")
        XCTAssertEqual(list.store.notes, ["milk"])
    }
}
