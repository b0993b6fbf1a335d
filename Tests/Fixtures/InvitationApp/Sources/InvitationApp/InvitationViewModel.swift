import RxSwift

/// Invitations to a team, as the app's services give them.
public final class InvitationService {
    public let accepted = PublishSubject<String>()
    public let declined = PublishSubject<String>()

    public init() {}

    public func team(_ name: String) -> Observable<String> { .just("team \(name)") }
}

/// Accepting an invitation shows its team; declining one clears what was shown.
public final class InvitationViewModel {
    private let service: InvitationService
    private let disposeBag = DisposeBag()
    public private(set) var shown: [String] = []

    public init(service: InvitationService) { self.service = service }

    /// Binds the screen's actions; the screen hands its bag over, and the inner loads go into it too.
    public func bind(disposeBag: DisposeBag) {
        let service = service
        service.accepted.subscribe(onNext: { [weak self] name in
            service.team(name).subscribe(onNext: { self?.shown.append($0) }).disposed(by: disposeBag)
        }).disposed(by: disposeBag)
        service.declined.subscribe(onNext: { [weak self] _ in
            service.team("").subscribe(onNext: { _ in self?.shown.removeAll() }).disposed(by: disposeBag)
        }).disposed(by: disposeBag)
    }
}
