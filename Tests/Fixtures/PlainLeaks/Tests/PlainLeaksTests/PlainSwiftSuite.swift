import Foundation
import PlainLeaks
import Testing

/// Plain-Swift leaks under Swift Testing, where tests run in parallel.
@Suite struct PlainSwiftSuite {
    @Test func noteEditorSaves() {
        weak var oracle: NoteEditor?
        do {
            let editor = NoteEditor()
            editor.onSave?()
            oracle = editor
        }
        #expect(oracle != nil, "leaks: its closure captures it")
    }

    @Test func fixedNoteEditorSaves() {
        weak var oracle: FixedNoteEditor?
        do {
            let editor = FixedNoteEditor()
            editor.onSave?()
            oracle = editor
        }
        #expect(oracle == nil)
    }

    @Test func autoSaverSchedules() {
        weak var oracle: AutoSaver?
        do {
            let saver = AutoSaver()
            saver.scheduleSave()
            oracle = saver
        }
        #expect(oracle != nil, "leaks: its stored work item's block captures it")
    }

    @Test func clockStarts() {
        weak var oracle: Clock?
        do {
            let clock = Clock()
            oracle = clock
        }
        #expect(oracle != nil, "leaks: its timer's block captures it")
    }

    @Test func fixedClockStarts() {
        weak var oracle: FixedClock?
        do {
            let clock = FixedClock()
            oracle = clock
        }
        #expect(oracle == nil)
    }

    @Test func theCacheKeepsThumbnails() {
        let thumbnail = ThumbnailCache.shared.thumbnail(named: "dog")
        #expect(ThumbnailCache.shared.thumbnail(named: "dog") === thumbnail)
    }

    /// `rxleaks test` names the package's own targets as the code under test (their objects are tracked).
    @Test func theCodeUnderTestIsThePackagesOwnModules() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["RXLEAKS_SUITE"] == "1" else { return }
        let modules = Set((environment["RXLEAKS_TRACK_MODULES"] ?? "").split(separator: ",").map(String.init))
        #expect(modules == ["PlainLeaks", "PlainLeaksTests"])
    }

    @Test func pollerStarts() {
        weak var oracle: Poller?
        do {
            let poller = Poller()
            oracle = poller
        }
        #expect(oracle != nil, "leaks: the run loop keeps its timer, whose block captures it")
    }

    @Test func fixedPollerStarts() {
        weak var oracle: FixedPoller?
        do {
            let poller = FixedPoller()
            oracle = poller
        }
        #expect(oracle == nil)
    }

    @Test func delayedSaverSaves() {
        weak var oracle: DelayedSaver?
        do {
            let saver = DelayedSaver()
            saver.saveLater()
            oracle = saver
        }
        #expect(oracle != nil, "leaks: its block pending on a dispatch queue for an hour captures it")
    }

    @Test func fixedDelayedSaverSaves() {
        weak var oracle: FixedDelayedSaver?
        do {
            let saver = FixedDelayedSaver()
            saver.saveLater()
            oracle = saver
        }
        #expect(oracle == nil)
    }
}
