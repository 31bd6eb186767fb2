// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Strata",
    // Synchronization.Mutex and Atomic need these minimums on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        // A Swift Testing trait that fails a test for every survivor; the only target that
        // imports Testing.
        .library(name: "StrataTesting", targets: ["StrataTesting"]),
        // Only the libraries are products. The samples and the benchmarks are executable
        // targets, so `swift run guide`, `swift run minimal` and `swift run -c release
        // strata-bench` work here, while an app that depends on Strata sees none of them.
    ],
    targets: [
        // Engine/README.md documents the engine's contract for whoever works on it; it is not
        // a resource, and an unhandled file would warn.
        .target(name: "Strata", exclude: ["Engine/README.md"]),
        .testTarget(name: "StrataTests", dependencies: ["Strata", "TestPauses"]),
        .target(name: "StrataTesting", dependencies: ["Strata"]),
        .testTarget(
            name: "StrataTestingTests", dependencies: ["Strata", "StrataTesting", "TestPauses"]),
        // The two pauses every test target may take, and no other (Tests/TestPauses).
        .target(name: "TestPauses", path: "Tests/TestPauses"),

        // The sample: an onboarding guide in the terminal, built on Strata's tiers.
        // GuideCore holds what every part of the sample shares: models, repositories, forms.
        .target(name: "GuideCore", dependencies: ["Strata"], path: "Samples/Guide/Core"),
        // Features: each a target of its own that imports GuideCore and never another feature.
        .target(
            name: "GuideContactFeature", dependencies: ["GuideCore", "Strata"],
            path: "Samples/Guide/Features/ContactUs"),
        .target(
            name: "GuideProfileFeature", dependencies: ["GuideCore", "Strata"],
            path: "Samples/Guide/Features/Profile"),
        // GuideKit is the app: its containers, view models, screens and the console. It
        // imports every feature and wires them together, and reaches the storage through
        // GuideCore's repository protocols alone: it does not depend on GuideStorage.
        .target(
            name: "GuideKit",
            dependencies: ["GuideCore", "GuideContactFeature", "GuideProfileFeature", "Strata"],
            path: "Samples/Guide/GuideKit"),
        // GuideStorage keeps the data on disk behind those protocols: two storage engines, the
        // migration between them and the feature toggle that picks one.
        .target(name: "GuideStorage", dependencies: ["GuideCore"], path: "Samples/Guide/Storage"),
        // The executable is the composition root: its start-up picks the engine and hands it
        // to GuideKit's app container.
        .executableTarget(
            name: "guide", dependencies: ["GuideKit", "GuideStorage"], path: "Samples/Guide/guide"),
        .testTarget(
            name: "GuideKitTests",
            dependencies: [
                "GuideKit", "GuideCore", "GuideContactFeature", "GuideProfileFeature",
                "GuideStorage", "GuideTestSupport", "guide", "StrataTesting", "TestPauses",
            ]),
        // The storage on its own: the engines, the migration and the toggles, without the app.
        .testTarget(
            name: "GuideStorageTests",
            dependencies: ["GuideStorage", "GuideCore", "GuideTestSupport", "StrataTesting"]),
        // What the two test targets above share: a temporary directory, an in-order check and
        // the session they sign in with. A library only the tests depend on, since a test
        // target cannot import another.
        .target(
            name: "GuideTestSupport", dependencies: ["GuideCore", "Strata"],
            path: "Tests/GuideTestSupport"),

        // The first code to read: notes in four tiers — containers, one view model, one
        // repository with its in-memory fake — and `swift run minimal` to drive them.
        .target(
            name: "MinimalKit", dependencies: ["Strata"],
            path: "Samples/Minimal/Sources/MinimalKit"),
        .executableTarget(
            name: "minimal", dependencies: ["MinimalKit"], path: "Samples/Minimal/Sources/minimal"),
        .testTarget(name: "MinimalTests", dependencies: ["MinimalKit", "Strata", "StrataTesting"]),

        // Benchmarks against hand-written containers; run with `swift run -c release strata-bench`.
        .executableTarget(
            name: "strata-bench", dependencies: ["Strata", "AllocationCounter"],
            path: "Benchmarks/strata-bench"),
        // C, because only C can replace malloc: counts the bench's heap allocations on Linux.
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
    ],
    swiftLanguageModes: [.v6]
)

// Strict settings, in one place, for every target.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // Every existential is spelled `any P`, so the cost of boxing is visible.
            .enableUpcomingFeature("ExistentialAny"),
            // Imports are internal unless a module says otherwise: no accidental re-exports.
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
