import Leaks
import Probes
import RxCore
import Synchronization
import XCTest
struct NC: ~Copyable { let x = 1 }
final class WithNC { let nc = NC(); let o = NSObjectLike() }
final class NSObjectLike {}
final class WithMutex { let m = Mutex<Int>(0); let o = NSObjectLike() }
final class WithAtomic { let a = Atomic<Int>(0); let o = NSObjectLike() }
final class WithOptClosure { let c: (() -> Void)? = nil; let o = NSObjectLike() }
final class DebugPrintTests: XCTestCase {
    func testPrint() {
        for object in [WithNC() as AnyObject, WithMutex(), WithAtomic(), WithOptClosure(), DisposeBag()] {
            let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
            let layout = ReflectionProbe.shared.layout(ofInstanceAt: address)
            print(ReflectionProbe.shared.typeName(ofObjectAt: address) ?? "nil", layout.map { "\($0.kind) \($0.fields.map { "\($0.name ?? "-"):\($0.kind):\($0.typeName ?? "?")" })" } ?? "NO LAYOUT")
        }
    }
}
