import Foundation

/// The `.rx` namespace of a type: extensions on `Reactive` where `Base` is
/// that type add its reactive API.
///
/// For a class, any writable property reads as a ``Binder`` through dynamic
/// member lookup: `label.rx.text` binds to `label.text`.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// The namespace of `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` of the base, held weakly.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type with the `.rx` namespace. RxSwift gives it to every `NSObject`;
/// on Linux, where UI types are not `NSObject`s, adopt it (with no code) to
/// get `.rx`.
public protocol ReactiveCompatible {
    /// The type `.rx` extends.
    associatedtype ReactiveBase

    /// The static `.rx` namespace.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The `.rx` namespace.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The static `.rx` namespace.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // A setter lets `mutating` extensions of `Reactive` compile, as in RxSwift; there is nothing to store.
        set {}
    }

    /// The `.rx` namespace.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // A setter lets `mutating` extensions of `Reactive` compile, as in RxSwift; there is nothing to store.
        set {}
    }
}

extension NSObject: ReactiveCompatible {}
