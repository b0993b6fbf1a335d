import Synchronization

/// The libraries plugged into leak checks.
public enum LeakIntegrations {
    private static let registered = Mutex<[any LeakIntegration]>([])

    /// Plugs `integration` in for every check that starts afterwards; an
    /// integration of a class already registered is ignored.
    public static func register(_ integration: any LeakIntegration) {
        let index = registered.withLock { list -> Int? in
            guard !list.contains(where: { type(of: $0) == type(of: integration) }) else { return nil }
            list.append(integration)
            return list.count - 1
        }
        guard let index else { return }
        integration.backtracesChanged(enabled: Backtraces.isEnabled)
        UnscopedWork.integrationRegistered(integration, at: index)
    }

    /// The integrations plugged in, in the order they were registered.
    public static var all: [any LeakIntegration] { registered.withLock { $0 } }

    /// The integrations as one, taken once for a whole graph walk.
    static var vocabulary: LibraryVocabulary { LibraryVocabulary(integrations: all) }
}

/// What the registered integrations say about their own objects, asked of
/// each in turn: the first answer wins.
struct LibraryVocabulary {
    let integrations: [any LeakIntegration]

    func isLibraryType(_ fullTypeName: String) -> Bool {
        integrations.contains { $0.isLibraryType(fullTypeName) }
    }

    func ownsFunction(_ symbol: String) -> Bool {
        integrations.contains { $0.ownsFunction(symbol) }
    }

    func first<T>(_ answer: (any LeakIntegration) -> T?) -> T? {
        for integration in integrations { if let value = answer(integration) { return value } }
        return nil
    }
}
