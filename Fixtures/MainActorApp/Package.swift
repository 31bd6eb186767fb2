// swift-tools-version:6.2
import PackageDescription

// App modules as current Xcode makes them: every type they declare is `@MainActor` unless it
// says otherwise. `MainActorApp` proves that Strata's README and a view-model flow compile
// and run there. The podcast player's core is what an app of several modules meets:
// `PodcastCore` holds the models, routes, contribution keys and repository protocols; the
// two features import it and never each other; `PodcastApp` wires them into its containers.
// `ShopApp` is a tabbed shop: tabs made on first selection, a stack and a sheet per tab,
// deep links before and after sign-in, and a sign-out awaited through its owner.
let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .target(name: "MainActorApp", dependencies: [.product(name: "Strata", package: "Strata")]),
        .testTarget(
            name: "MainActorAppTests",
            dependencies: ["MainActorApp", .product(name: "StrataTesting", package: "Strata")]),

        .target(name: "PodcastCore", dependencies: [.product(name: "Strata", package: "Strata")]),
        .target(
            name: "PlayerFeature",
            dependencies: ["PodcastCore", .product(name: "Strata", package: "Strata")]),
        .target(
            name: "LibraryFeature",
            dependencies: ["PodcastCore", .product(name: "Strata", package: "Strata")]),
        .target(
            name: "PodcastApp",
            dependencies: [
                "PodcastCore", "PlayerFeature", "LibraryFeature",
                .product(name: "Strata", package: "Strata"),
            ]),
        .testTarget(
            name: "PodcastAppTests",
            dependencies: [
                "PodcastApp", "PodcastCore", "PlayerFeature", "LibraryFeature",
                .product(name: "Strata", package: "Strata"),
                .product(name: "StrataTesting", package: "Strata"),
            ]),

        .target(name: "ShopApp", dependencies: [.product(name: "Strata", package: "Strata")]),
        .testTarget(
            name: "ShopAppTests",
            dependencies: [
                "ShopApp", .product(name: "Strata", package: "Strata"),
                .product(name: "StrataTesting", package: "Strata"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // What an app target of Xcode 26 sets: MainActor unless said otherwise.
            .defaultIsolation(MainActor.self),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
