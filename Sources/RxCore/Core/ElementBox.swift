/// An element kept in a box and replaced in place: a combining sink's latest
/// element, a behavior subject's current value. Generic state that holds the
/// box instead of the element has a layout independent of `Element`, so
/// code handling it needs no metadata lookups for every element.
///
/// Only touched under its owner's lock, which makes access exclusive already.
final class ElementBox<Element> {
    @exclusivity(unchecked) var element: Element

    init(_ element: Element) { self.element = element }
}
