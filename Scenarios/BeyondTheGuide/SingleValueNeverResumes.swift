import Leaks
import RxCore

extension BeyondTheGuide {
    /// `single-value-never-resumes`: a task awaiting `single.value` on a single that never emits, and that
    /// nothing can complete, is suspended for ever with what it captured.
    enum SingleValueNeverResumes {
        /// Offline: what the profile backend fails with when the device has no network.
        struct Offline: Error {}

        /// A profile backend with a callback API, offline in the scenario.
        class ProfileBackend {
            /// Calls `completion` with the profile, except offline, where the call is dropped.
            func load(_ completion: @escaping (Result<String, Error>) -> Void) {}

            /// The profile as a single over ``load(_:)``.
            func profile() -> Single<String> {
                Single.create { [weak self] single in
                    self?.load { single($0) }
                    return Disposables.create()
                }
            }
        }

        /// The fixed backend: its callback API fails offline instead of dropping the call.
        final class FailingProfileBackend: ProfileBackend {
            override func load(_ completion: @escaping (Result<String, Error>) -> Void) {
                completion(.failure(Offline()))
            }
        }

        /// The profile screen's view model: loads the profile in a task it starts when the screen opens.
        final class ProfileViewModel {
            private(set) var name: String?
            private(set) var failure: Error?
            let backend: ProfileBackend

            init(backend: ProfileBackend) {
                self.backend = backend
            }

            func load() {
                Task {
                    do { self.name = try await self.backend.profile().value } catch { self.failure = error }
                }
            }
        }

        /// The user opens the profile screen offline, and closes it.
        static func openProfile(_ backend: ProfileBackend, scope: LeakScope) {
            let viewModel = ProfileViewModel(backend: backend)
            viewModel.load()
            scope.track(viewModel)
        }

        static let scenario = Scenario(
            id: "single-value-never-resumes",
            title: "A task awaiting a single's value that never comes",
            guide: GuideReference(
                file: BeyondTheGuide.handbook, section: "Capture lists",
                passage: "Generally, if you aren't sure whether your object will outlive the async operation, use "
                    + "`weak`."),
            explanation: """
                `try await single.value` subscribes and suspends the task until the single succeeds or fails. The \
                backend's callback API drops the call when offline, so the single never emits; its observer, the \
                only thing that could resume the task, is kept by the subscription the task itself keeps. Nothing \
                can ever resume the task, and the view model it captured stays alive with it. `[weak self]` would \
                free the view model, but not the task, its subscription or the backend it awaits.
                """,
            fix:
                "Complete the single on every path: the callback API fails offline (`completion(.failure(Offline()))`), "
                + "so `value` throws and the task ends.",
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.retainedFromOutside, types: ["ProfileViewModel"], pattern: nil)
                ) { scope in
                    openProfile(ProfileBackend(), scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    openProfile(FailingProfileBackend(), scope: scope)
                },
            ])
    }
}
