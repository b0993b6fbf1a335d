import Foundation

private let debugKind = ResourceKind("Debug", .observable)
private let debugSinkKind = ResourceKind("DebugSink", .sink)

extension ObservableType {
    /// Prints every subscription, event and disposal with a timestamp and
    /// `identifier` (by default the file, line and function of the call);
    /// with `trimOutput`, an event longer than 40 characters is shortened to
    /// its first and last 20.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return UnaryProducer(
            Debug(identifier: name, trimOutput: trimOutput), source: asObservable(), kind: debugKind, name: "debug")
    }
}

struct Debug<Element>: SinkOperator {
    typealias SourceElement = Element

    let identifier: String
    let trimOutput: Bool

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        DebugSink(identifier: identifier, trimOutput: trimOutput, observer: observer, cancel: cancel)
    }
}

final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    private static var maxEventLength: Int { 40 }

    private let identifier: String
    private let trimOutput: Bool
    private let formatter = DateFormatter()

    init(identifier: String, trimOutput: Bool, observer: Observer, cancel: Cancelable) {
        self.identifier = identifier
        self.trimOutput = trimOutput
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        super.init(observer: observer, cancel: cancel, kind: debugSinkKind)
        log("subscribed")
    }

    func on(_ event: Event<Observer.Element>) {
        let text = "\(event)"
        let half = Self.maxEventLength / 2
        log(
            "Event "
                + (trimOutput && text.count > Self.maxEventLength
                    ? "\(text.prefix(half))...\(text.suffix(half))" : text))
        forwardEndingOnStop(event)
    }

    override func dispose() {
        if !isDisposed { log("isDisposed") }
        super.dispose()
    }

    private func log(_ content: String) {
        print("\(formatter.string(from: Date())): \(identifier) -> \(content)")
    }
}
