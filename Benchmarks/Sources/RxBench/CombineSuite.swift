import OpenCombine
import BenchSupport

/// The OpenCombine counterparts of the RxCore workloads (no `combineLatest` in OpenCombine 0.14).
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
}
