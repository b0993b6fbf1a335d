/// The censuses of a growth check's runs, and the growth they show.
struct GrowthCensus {
    let name: String
    private var censuses: [HeapCensus] = []
    private var resources: [ResourceCounts.Moment] = []
    /// Each run's integration sessions, kept so that what every run made can be counted after each later one.
    private var runSessions: [[any LeakIntegrationSession]] = []
    private var problems: [String] = []
    /// The objects the last run made that were alive at its census, by address: where a growing place's newest
    /// object was made.
    private var madeInLastRun: [UInt: TrackedObject] = [:]
    private var closures: ClosureTable?

    init(name: String) { self.name = name }

    /// Settles `check`'s run, counts what the roots keep, then finishes the check (judging its leaks, as if
    /// `holder` had released what it holds) and returns its report.
    @discardableResult
    mutating func record(_ check: RunningCheck, settle: SettlePolicy, thrown: Error?, releasing holder: UInt? = nil)
        -> LeakReport
    {
        check.scope.stopTrackingAllocations()
        _ = Settler.settle(settle, sessions: check.sessions)
        closures = check.scope.closures
        censuses.append(HeapCensus(inspector: HeapInspector(closures: closures)))
        madeInLastRun = Dictionary(
            check.scope.trackedObjects.filter(\.isAlive).map { ($0.address, $0) },
            uniquingKeysWith: { first, _ in first })
        let report = check.finish(settle: settle, thrown: thrown, releasing: holder)
        runSessions.append(check.sessions)
        resources.append(Self.resourcesMade(in: runSessions))
        problems += report.problems.filter { !problems.contains($0) }
        return report
    }

    /// The library resources the runs made and still alive, summed by kind: what each run's own scope counts, so
    /// that what other code makes meanwhile (the tests running beside a growth-checked one) is not counted.
    private static func resourcesMade(in runs: [[any LeakIntegrationSession]]) -> ResourceCounts.Moment {
        var names: [String] = [], counts: [String: Int] = [:]
        for kind in runs.joined().flatMap(\.liveResourcesByKind) {
            if counts[kind.name] == nil { names.append(kind.name) }
            counts[kind.name, default: 0] += kind.count
        }
        let kinds = names.map { ResourceCounts.KindCount(name: $0, count: counts[$0] ?? 0) }
        return ResourceCounts.Moment(kinds: kinds, trackedObjects: 0, total: kinds.reduce(0) { $0 + $1.count })
    }

    /// The places that grew, nearest their roots, each explained.
    func report() -> GrowthReport {
        let places = Set(censuses.flatMap(\.tallies.keys))
        let growing = places.filter { place in Growth.rises(censuses.map { $0.tallies[place]?.count ?? 0 }) }
        // What lies under a growing place grows with it: the place nearest the root is the one to fix.
        let shown = growing.filter { place in !growing.contains { $0 != place && place.isUnder($0) } }
            .sorted { ($0.root, $0.steps.count) < ($1.root, $1.steps.count) }
        let last = censuses.last?.tallies ?? [:]
        let searched = shown.filter { $0.rootKind == .global }.compactMap { last[$0] }.compactMap(Self.searched)
        let paths = Self.paths(to: searched, closures: closures)
        let growths = shown.compactMap { place -> Growth? in
            guard let tally = last[place] else { return nil }
            let path = Self.path(to: place, tally, searchedPaths: paths)
            return Growth(
                root: place.root, rootKind: place.rootKind,
                node: path?.edges.last?.to.name ?? tally.typeName.map(HeapNames.collectionName) ?? tally.kind.rawValue,
                path: path, counts: censuses.map { $0.tallies[place]?.count ?? 0 },
                bytes: censuses.map { $0.tallies[place]?.bytes ?? 0 },
                newestMadeAt: madeInLastRun[tally.element ?? tally.sample].map { $0.symbolicatedSite.description },
                pattern: GrowthPatterns.pattern(for: place, tally))
        }
        return GrowthReport(
            name: name, repetitions: censuses.count, growths: growths, resources: resources, problems: problems)
    }

    /// The object the path search is asked for: the newest element of a collection of objects, else what holds
    /// the place (a collection of plain values is shown from its holder).
    private static func searched(_ tally: HeapCensus.Tally) -> UInt? {
        showsCollection(tally) ? tally.holder : tally.element ?? tally.sample
    }

    /// Whether the place is shown as its collection: one of plain values, or a dictionary or a set, whose element's
    /// key or place says nothing of what grows; an array of objects is shown down to its newest object.
    private static func showsCollection(_ tally: HeapCensus.Tally) -> Bool {
        tally.kind == .storage
            && (tally.element == nil || tally.typeName?.hasPrefix(HeapNames.arrayStoragePrefix) != true)
    }

    /// From the root down to the place's newest object: an observer block from the center; a collection of plain
    /// values from its holder, by the field that keeps it; anything else as the path search found it.
    private static func path(
        to place: HeapCensus.Place, _ tally: HeapCensus.Tally, searchedPaths: [UInt: RetainCycle]
    ) -> RetainCycle? {
        let root = RetainNode(address: 0, name: place.root, kind: .global)
        guard place.rootKind == .global else {
            let block = RetainNode(
                address: tally.sample, name: "closure given to addObserver at \(place.steps.last ?? "?")",
                kind: .closure,
                call: "addObserver")
            return RetainCycle(
                edges: [RetainEdge(from: root, to: block, reference: .root(place.rootKind), kind: .strong, site: nil)],
                isVerified: false)
        }
        guard let searched = searched(tally) else { return nil }
        let found = searchedPaths[searched]
        guard showsCollection(tally), let reference = tally.reference else { return found }
        let holder = found?.edges.last?.to ?? RetainNode(address: searched, name: place.root, kind: .global)
        let collection = RetainNode(
            address: tally.sample, name: tally.typeName.map(HeapNames.collectionName) ?? "collection", kind: .storage)
        // `entries`, not `entries._buffer._storage`: the standard library's own fields come after the user's.
        let all = reference.place.fields
        let fields = all.prefix(1) + all.dropFirst().prefix { !$0.hasPrefix("_") }
        let field = RetainReference.field(
            .init(owner: nil, name: fields.first ?? "storage", path: Array(fields.dropFirst())))
        return RetainCycle(
            edges: (found?.edges ?? []) + [
                RetainEdge(from: holder, to: collection, reference: field, kind: .strong, site: nil)
            ],
            isVerified: found?.isVerified ?? true)
    }

    /// The typed path from a global down to each of `objects`, by the one path search (``RootSearch``).
    private static func paths(to objects: [UInt], closures: ClosureTable?) -> [UInt: RetainCycle] {
        guard !objects.isEmpty else { return [:] }
        let inspector = HeapInspector(closures: closures)
        let targets = Dictionary(
            objects.map {
                ($0, RetainNode(address: $0, name: inspector.node(at: $0)?.name ?? "object", kind: .object))
            },
            uniquingKeysWith: { first, _ in first })
        let search = RootSearch(targets: targets, providers: [GlobalRoots()], inspector: inspector)
        var paths: [UInt: RetainCycle] = [:]
        for object in objects {
            paths[object] = search.explanation(of: object, closures: closures, showingPlainData: true)?.path
        }
        return paths
    }
}
