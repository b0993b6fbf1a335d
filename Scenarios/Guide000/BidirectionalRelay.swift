import RxCore

infix operator <-> : DefaultPrecedence

/// Binds two control properties both ways, as RxSwift's example app does:
/// `property` follows `other`'s values and `other` receives `property`'s.
func <-> <T>(property: ControlProperty<T>, other: ControlProperty<T>) -> Disposable {
    let bindToUI = other.bind(to: property)
    let bindToOther = property.bind(to: other)
    return Disposables.create(bindToUI, bindToOther)
}

/// The handbook's two-way relay ("Action Relay"), as written there: the work
/// side reads what the view sends and writes what the view shows. Each
/// `Binder` retains the relay ("Need to retain self here"), so the relay
/// lives as long as a binding to one of its properties.
final class BidirectionalBehaviorRelay<T> {
    private let workInput: BehaviorRelay<T>
    private let viewInput = PublishRelay<T>()

    init(value: T) {
        workInput = BehaviorRelay(value: value)
    }

    var workProperty: ControlProperty<T> {
        return ControlProperty<T>(
            values: viewInput.asObservable(),
            valueSink: Binder(self) { (_, input) in
                // Need to retain self here
                self.workInput.accept(input)
            }
        )
    }

    var viewProperty: ControlProperty<T> {
        return ControlProperty<T>(
            values: workInput.asObservable(),
            valueSink: Binder(self) { (_, input) in
                // Need to retain self here
                self.viewInput.accept(input)
            }
        )
    }
}
