import Dispatch
import Foundation

// Plain-Swift leaks, each with its fixed twin, and clean look-alikes: no RxSwift here, so only the
// objects the whole-suite mode tracks by themselves (the app's own) can tell them.

/// A stored closure that captures its owner.
public final class NoteEditor {
    public private(set) var saves = 0
    public var onSave: (() -> Void)?

    public init() {
        onSave = { self.saves += 1 }
    }
}

public final class FixedNoteEditor {
    public private(set) var saves = 0
    public var onSave: (() -> Void)?

    public init() {
        onSave = { [weak self] in self?.saves += 1 }
    }
}

public protocol ChartViewDelegate: AnyObject {
    func chartViewDidRedraw()
}

/// A view whose delegate is strong, pointing back at the controller that owns it.
public final class ChartView {
    public var delegate: ChartViewDelegate?
    public init() {}
    public func redraw() { delegate?.chartViewDidRedraw() }
}

public final class ChartController: ChartViewDelegate {
    public let view = ChartView()
    public private(set) var redraws = 0

    public init() { view.delegate = self }
    public func chartViewDidRedraw() { redraws += 1 }
}

public final class FixedChartView {
    public weak var delegate: ChartViewDelegate?
    public init() {}
    public func redraw() { delegate?.chartViewDidRedraw() }
}

public final class FixedChartController: ChartViewDelegate {
    public let view = FixedChartView()
    public private(set) var redraws = 0

    public init() { view.delegate = self }
    public func chartViewDidRedraw() { redraws += 1 }
}

public extension Notification.Name {
    static let themeChanged = Notification.Name("PlainLeaks.themeChanged")
}

/// A block observer on NotificationCenter.default that captures its owner.
public final class ThemeObserver {
    public private(set) var changes = 0
    private var token: NSObjectProtocol?

    public init() {
        token = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { _ in
            self.changes += 1
        }
    }
}

public final class FixedThemeObserver {
    public private(set) var changes = 0
    private var token: NSObjectProtocol?

    public init() {
        token = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { [weak self] _ in
            self?.changes += 1
        }
    }

    deinit { token.map(NotificationCenter.default.removeObserver) }
}

/// The app's one feed of changes, for as long as the app runs.
public final class ChangeFeed: @unchecked Sendable {
    public static let shared = ChangeFeed()
    public let changes: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation

    private init() {
        (changes, continuation) = AsyncStream<Int>.makeStream()
    }

    public func send(_ change: Int) { continuation.yield(change) }
}

/// A task looping over the app-wide feed with `self`: the loop never ends, so neither does `self`.
public final class ChangeCounter {
    public private(set) var count = 0
    private var task: Task<Void, Never>?

    public init() {
        task = Task { for await change in ChangeFeed.shared.changes { self.count += change } }
    }

    deinit { task?.cancel() }
}

public final class FixedChangeCounter {
    public private(set) var count = 0
    private var task: Task<Void, Never>?

    public init() {
        task = Task { [weak self] in
            for await change in ChangeFeed.shared.changes {
                guard let self else { return }
                self.count += change
            }
        }
    }

    deinit { task?.cancel() }
}

/// A stored work item whose block captures its owner.
public final class AutoSaver {
    public private(set) var saves = 0
    private var pending: DispatchWorkItem?

    public init() {}

    public func scheduleSave() {
        pending = DispatchWorkItem { self.saves += 1 }
    }
}

public final class FixedAutoSaver {
    public private(set) var saves = 0
    private var pending: DispatchWorkItem?

    public init() {}

    public func scheduleSave() {
        pending = DispatchWorkItem { [weak self] in self?.saves += 1 }
    }
}

/// The app's listeners, for as long as the app runs.
public final class ListenerRegistry: @unchecked Sendable {
    public static let shared = ListenerRegistry()
    private let lock = NSLock()
    private var listeners: [() -> Void] = []

    public func add(_ listener: @escaping () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        listeners.append(listener)
    }
}

/// A listener kept by the app-wide registry that captures its owner: the registry keeps it forever.
public final class ProfileWatcher {
    public private(set) var refreshes = 0

    public init() {
        ListenerRegistry.shared.add { self.refreshes += 1 }
    }
}

public final class FixedProfileWatcher {
    public private(set) var refreshes = 0

    public init() {
        ListenerRegistry.shared.add { [weak self] in self?.refreshes += 1 }
    }
}

/// A repeating timer whose block captures its owner: invalidating it in deinit does not help, since deinit
/// never runs while the block holds the owner (and Linux's Foundation keeps the block even after invalidate()).
public final class Clock {
    public private(set) var ticks = 0
    private var timer: Timer?

    public init() {
        timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in self.ticks += 1 }
    }

    deinit { timer?.invalidate() }
}

public final class FixedClock {
    public private(set) var ticks = 0
    private var timer: Timer?

    public init() {
        timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in self?.ticks += 1 }
    }

    deinit { timer?.invalidate() }
}

/// A repeating timer not kept anywhere but by the run loop, whose block captures its owner.
public final class Poller {
    public private(set) var polls = 0

    public init() {
        Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in self.polls += 1 }
    }
}

public final class FixedPoller {
    public private(set) var polls = 0

    public init() {
        Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in self?.polls += 1 }
    }
}

/// The app's heartbeat, for as long as the app runs. A stream of its own: a task that iterates a stream and is
/// cancelled ends the stream for every task iterating it (as ChangeCounter's deinit does with ChangeFeed's).
public enum Heartbeat {
    private static let stream = AsyncStream<Int>.makeStream()
    public static var beats: AsyncStream<Int> { stream.stream }
}

/// A task nothing stores, looping over the heartbeat with `self`: the runtime keeps the task, which keeps `self`.
public final class FeedFollower {
    public private(set) var count = 0
    public init() {}

    public func follow() {
        Task { for await beat in Heartbeat.beats { self.count += beat } }
    }
}

public final class FixedFeedFollower {
    public private(set) var count = 0
    public init() {}

    public func follow() {
        Task { [weak self] in
            for await beat in Heartbeat.beats {
                guard let self else { return }
                self.count += beat
            }
        }
    }
}

/// A save a block pending on a dispatch queue makes an hour later, with `self`: libdispatch keeps the block,
/// which keeps `self`, and nothing keeps a work item to cancel.
public final class DelayedSaver {
    public private(set) var saves = 0
    public init() {}

    public func saveLater() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { self.saves += 1 }
    }
}

public final class FixedDelayedSaver {
    public private(set) var saves = 0
    public init() {}

    public func saveLater() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { [weak self] in self?.saves += 1 }
    }
}

// MARK: Clean look-alikes

public final class Thumbnail {
    public let name: String
    public init(name: String) { self.name = name }
}

/// A cache by design: what it stores stays for the app's life.
public final class ThumbnailCache: @unchecked Sendable {
    public static let shared = ThumbnailCache()
    private let lock = NSLock()
    private var thumbnails: [String: Thumbnail] = [:]

    public func thumbnail(named name: String) -> Thumbnail {
        lock.lock()
        defer { lock.unlock() }
        if let cached = thumbnails[name] { return cached }
        let made = Thumbnail(name: name)
        thumbnails[name] = made
        return made
    }
}

/// A singleton made the first time it is used.
public final class Settings: @unchecked Sendable {
    public static let shared = Settings()
    public var fontSize = 12
}

/// Work that ends a moment after the test, releasing what it captured.
public final class Uploader {
    public private(set) var uploaded = false
    public init() {}

    public func uploadSoon(_ done: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            self.uploaded = true
            done()
        }
    }
}

/// A task that ends.
public final class Loader {
    public private(set) var loaded: [Int] = []
    public init() {}

    public func load() async {
        await Task { self.loaded = [1, 2, 3] }.value
    }
}

public final class NoteStore {
    public private(set) var notes: [String] = []
    public init() {}
    public func add(_ note: String) { notes.append(note) }
}

public final class NoteList {
    public let store: NoteStore
    public init(store: NoteStore) { self.store = store }
    public func add(_ note: String) { store.add(note) }
}
