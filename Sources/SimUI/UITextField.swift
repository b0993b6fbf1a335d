/// A single-line text field.
///
/// Setting ``text`` in code sends no event; ``enterText(_:)`` simulates the
/// user typing and sends the editing events.
open class UITextField: UIControl {
    /// The text; UIKit keeps an empty string rather than nil.
    open var text: String? {
        get { storedText }
        set { storedText = newValue ?? "" }
    }
    private var storedText = ""
    /// The text shown when the field is empty.
    open var placeholder: String?

    /// Creates an empty text field.
    public override init() {
        super.init()
    }

    /// Simulates the user replacing the text with `text`: begins editing,
    /// changes the text, ends editing.
    open func enterText(_ text: String) {
        guard isEnabled else { return }
        MainRunLoop.turn {
            sendActions(for: .editingDidBegin)
            storedText = text
            sendActions(for: .editingChanged)
            sendActions(for: .editingDidEnd)
        }
    }
}
