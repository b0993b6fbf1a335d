import RxCore

/// The scenarios of guide 002, a team's MVVM conventions, and the two
/// protocols those conventions define.
enum Guide002 {
    static let scenarios: [Scenario] = [
        ConnectableLazyOutput.scenario,
        BindableViewController.scenario,
    ]

    /// The guide document these scenarios cite.
    static let file = "002_43afd4b0868ff269.txt"
}

extension Guide002 {
    /// The base protocol of every `-Model` class: events flow in through
    /// `input`, and `output` is what `transform(input:)` made of them, once.
    protocol ReactiveConnectable {
        associatedtype Input
        associatedtype Output

        var input: Input { get }
        var output: Output { get }

        func transform(input: Input) -> Output
    }

    /// How a view controller binds to a view model: the input and the output
    /// separately, started together by `bind(to: viewModel)`.
    protocol ViewModelBindable {
        associatedtype ViewModelType: ReactiveConnectable

        func bind(to viewModel: ViewModelType)
        func bind(to input: ViewModelType.Input)
        func bind(to output: ViewModelType.Output)
    }
}

extension Guide002.ViewModelBindable {
    func bind(to viewModel: ViewModelType) {
        bind(to: viewModel.input)
        bind(to: viewModel.output)
    }
}
