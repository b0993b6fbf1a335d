import PropertyBased
import RxCore
import RxCoreTesting
import Synchronization
import Testing

/// A stage of a random pipeline; each has a reference model on plain arrays.
enum Stage: CustomStringConvertible, Sendable {
    case map(Int)
    case filter(Int)
    case scan
    case take(Int)
    case skip(Int)
    case distinctUntilChanged
    case startWith(Int)
    case concat([Int])
    case reduce

    /// The generator's raw pair, kept small and integral so that shrinking
    /// moves towards simpler stages and smaller parameters.
    init(kind: Int, parameter: Int) {
        switch kind {
        case 0: self = .map(parameter)
        case 1: self = .filter(parameter + 2)
        case 2: self = .scan
        case 3: self = .take(parameter)
        case 4: self = .skip(parameter)
        case 5: self = .distinctUntilChanged
        case 6: self = .startWith(parameter)
        case 7: self = .concat(Array(0..<parameter))
        default: self = .reduce
        }
    }

    var description: String {
        switch self {
        case let .map(k): "map { $0 + \(k) }"
        case let .filter(m): "filter { $0 % \(m) != 0 }"
        case .scan: "scan(0, +)"
        case let .take(n): "take(\(n))"
        case let .skip(n): "skip(\(n))"
        case .distinctUntilChanged: "distinctUntilChanged()"
        case let .startWith(v): "startWith(\(v))"
        case let .concat(values): "concat(.from(\(values)))"
        case .reduce: "reduce(0, +)"
        }
    }

    func apply(to source: Observable<Int>) -> Observable<Int> {
        switch self {
        case let .map(k): source.map { $0 + k }
        case let .filter(m): source.filter { $0 % m != 0 }
        case .scan: source.scan(0, accumulator: +)
        case let .take(n): source.take(n)
        case let .skip(n): source.skip(n)
        case .distinctUntilChanged: source.distinctUntilChanged()
        case let .startWith(v): source.startWith(v)
        case let .concat(values): source.concat(Observable.from(values))
        case .reduce: source.reduce(0, accumulator: +)
        }
    }

    /// The reference model: the same stage over a timed list of elements and
    /// an optional terminal event.
    func model(_ stream: TimedStream) -> TimedStream {
        var out = TimedStream(elements: [], end: stream.end)
        switch self {
        case let .map(k):
            out.elements = stream.elements.map { ($0.time, $0.value + k) }
        case let .filter(m):
            out.elements = stream.elements.filter { $0.value % m != 0 }
        case .scan:
            var sum = 0
            out.elements = stream.elements.map {
                sum += $0.value; return ($0.time, sum)
            }
        case let .take(n):
            if n == 0 {
                out.end = .completed(TimedStream.subscribed)
            } else if stream.elements.count >= n {
                out.elements = Array(stream.elements.prefix(n))
                out.end = .completed(out.elements[n - 1].time)
            } else {
                out.elements = stream.elements
            }
        case let .skip(n):
            out.elements = Array(stream.elements.dropFirst(n))
        case .distinctUntilChanged:
            for element in stream.elements where out.elements.last?.value != element.value {
                out.elements.append(element)
            }
        case let .startWith(v):
            out.elements = [(TimedStream.subscribed, v)] + stream.elements
        case let .concat(values):
            out.elements = stream.elements
            if case let .completed(time) = stream.end {
                out.elements += values.map { (time, $0) }
            }
        case .reduce:
            out.elements = []
            if case let .completed(time) = stream.end {
                out.elements = [(time, stream.elements.reduce(0) { $0 + $1.value })]
            }
        }
        return out
    }
}

/// Elements with their virtual times and how the sequence ended, if it did.
struct TimedStream {
    enum End: Equatable { case completed(Int), failed(Int) }
    static let subscribed = TestScheduler.Defaults.subscribed

    var elements: [(time: Int, value: Int)]
    var end: End?

    /// What an observer records, one line per event, so two runs compare as text.
    func recorded(disposedAt disposal: Int) -> [String] {
        var lines = elements.filter { $0.time < disposal }.map { "next(\($0.value)) @ \($0.time)" }
        switch end {
        case let .completed(time) where time < disposal: lines.append("completed @ \(time)")
        case let .failed(time) where time < disposal: lines.append("error @ \(time)")
        default: break
        }
        // A terminal event ends the stream; elements the model timed after it do not exist.
        if let stop = lines.firstIndex(where: { !$0.hasPrefix("next") }) { lines = Array(lines[...stop]) }
        return lines
    }
}

struct PipelineError: Error {}

/// A random case: source elements (one every 10 ticks from 210), how the
/// source ends, the stages, and when the subscription is disposed.
struct PipelineCase: CustomStringConvertible, Sendable {
    let values: [Int]
    let ending: Int
    let stages: [Stage]
    let disposalSlot: Int

    var sourceEnd: TimedStream.End? {
        let time = 210 + 10 * values.count
        switch ending {
        case 1: return .completed(time)
        case 2: return .failed(time)
        default: return nil
        }
    }

    /// Between two source events, so there is no tie to order; the last slots mean "never".
    var disposal: Int { disposalSlot >= 12 ? TestScheduler.Defaults.disposed : 205 + 10 * disposalSlot }

    var description: String {
        let end =
            switch sourceEnd {
            case .completed?: "completed"
            case .failed?: "error"
            case nil: "no end"
            }
        return "source \(values) then \(end) → "
            + (stages.map(\.description) + ["disposed at \(disposal)"]).joined(separator: " → ")
    }
}

@Suite struct PipelineProperties {
    static let cases = 1000

    static let stage = zip(Gen.int(in: 0...8), Gen.int(in: 0...3)).map { Stage(kind: $0, parameter: $1) }

    @Test func randomPipelinesMatchTheModelAndReleaseEverything() async {
        let ran = Counter()
        await propertyCheck(
            count: Self.cases,
            input: Gen.int(in: 0...4).array(of: 0...8), Gen.int(in: 0...2), Self.stage.array(of: 0...5),
            Gen.int(in: 0...13)
        ) { values, ending, stages, disposalSlot in
            ran.increment()
            let pipeline = PipelineCase(values: values, ending: ending, stages: stages, disposalSlot: disposalSlot)
            let scope = ResourceScope(name: "property \(pipeline)")
            let recorded = scope.run { Self.run(pipeline) }
            let expected = pipeline.stages
                .reduce(
                    TimedStream(
                        elements: values.enumerated().map { (210 + 10 * $0.offset, $0.element) },
                        end: pipeline.sourceEnd)
                ) { $1.model($0) }
                .recorded(disposedAt: pipeline.disposal)

            #expect(recorded == expected, "pipeline: \(pipeline)")
            #expect(scope.liveResources == 0, "resources left alive by pipeline: \(pipeline)")
            #expect(SubscriptionRegistry.live(in: scope).isEmpty, "subscriptions left alive by pipeline: \(pipeline)")
        }
        print("PropertyTests: \(ran.value) random pipelines checked against the model")
    }

    /// Runs one case on a fresh `TestScheduler`; everything RxCore made is
    /// local to this call, so it is gone when it returns.
    static func run(_ pipeline: PipelineCase) -> [String] {
        let scheduler = TestScheduler(initialClock: 0)
        var events = pipeline.values.enumerated().map { Recorded.next(210 + 10 * $0.offset, $0.element) }
        switch pipeline.sourceEnd {
        case let .completed(time)?: events.append(.completed(time))
        case let .failed(time)?: events.append(.error(time, PipelineError()))
        case nil: break
        }
        let source = scheduler.createHotObservable(events)
        let observer = scheduler.start(disposed: pipeline.disposal) {
            pipeline.stages.reduce(source.asObservable()) { $1.apply(to: $0) }
        }
        return observer.events.map { recorded in
            switch recorded.value {
            case let .next(value): "next(\(value)) @ \(recorded.time)"
            case .completed: "completed @ \(recorded.time)"
            case .error: "error @ \(recorded.time)"
            }
        }
    }
}

/// Counts property cases across the check's (possibly concurrent) calls.
final class Counter: @unchecked Sendable {
    private let lock = Mutex(0)
    func increment() { lock.withLock { $0 += 1 } }
    var value: Int { lock.withLock { $0 } }
}
