/// The base class of ``DisposeBag``, as in RxSwift, where it is the type
/// some code names a bag by. It has no behaviour and cannot be subclassed
/// outside RxCore.
public class DisposeBase: @unchecked Sendable {
    init() {}
}
