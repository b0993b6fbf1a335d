import OpenCombine
import OpenCombineDispatch
import Dispatch
import BenchSupport

/// The OpenCombine counterparts of the RxCore workloads (no `combineLatest` in
/// OpenCombine 0.14; no `share(replay:)` either: (g) multicasts through a
/// `CurrentValueSubject`, which replays the latest value as `share(replay: 1)` does).
enum CombineSuite {
    static func a(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.map { $0 &+ 1 }.filter { $0 >= 0 }.sink { consume($0) }
        let start = now()
        for i in 0..<n { subject.send(i) }
        let elapsed = now() - start
        cancellable.cancel()
        return elapsed
    }

    static func b(_ n: Int) -> UInt64 {
        let start = now()
        for _ in 0..<n {
            Just(1).map { $0 &+ 1 }.filter { $0 >= 0 }.sink { consume($0) }.cancel()
        }
        return now() - start
    }

    static func c(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let start = now()
        do {
            var bag = Set<AnyCancellable>()
            for _ in 0..<n { subject.sink { consume($0) }.store(in: &bag) }
        }
        return now() - start
    }

    static func d(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.flatMap { Just($0) }.sink { consume($0) }
        let start = now()
        for i in 0..<n { subject.send(i) }
        let elapsed = now() - start
        cancellable.cancel()
        return elapsed
    }

    static func e(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        var bag = Set<AnyCancellable>()
        for _ in 0..<1000 { subject.sink { consume($0) }.store(in: &bag) }
        let start = now()
        for i in 0..<max(1, n / 1000) { subject.send(i) }
        return now() - start
    }

    static func g(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.multicast(subject: CurrentValueSubject<Int, Never>(0)).autoconnect()
        var bag = Set<AnyCancellable>()
        for _ in 0..<100 { shared.sink { consume($0) }.store(in: &bag) }
        let start = now()
        for i in 0..<max(1, n / 100) { subject.send(i) }
        return now() - start
    }

    static func h(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let first = subject.map { (x: Int) -> Int in x &+ 1 }.filter { (x: Int) -> Bool in x >= 0 }
        let second = first.compactMap { (x: Int) -> Int? in x }.map { (x: Int) -> Int in x &* 2 }
        let third = second.scan(0) { (sum: Int, x: Int) -> Int in sum &+ x }.removeDuplicates()
        let cancellable = third.filter { (x: Int) -> Bool in x != -1 }.map { (x: Int) -> Int in x &- 1 }
            .sink { consume($0) }
        let start = now()
        for i in 0..<n { subject.send(i) }
        let elapsed = now() - start
        cancellable.cancel()
        return elapsed
    }

    static func i(_ n: Int) -> UInt64 {
        let subject = PassthroughSubject<Int, Never>()
        let delivered = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "i", qos: .userInitiated)
        let cancellable = subject.receive(on: queue.ocombine).sink { value in
            consume(value)
            if value == n - 1 { delivered.signal() }
        }
        let start = now()
        for i in 0..<n { subject.send(i) }
        delivered.wait()
        let elapsed = now() - start
        cancellable.cancel()
        return elapsed
    }
}
