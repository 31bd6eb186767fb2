// swift-tools-version:6.2
import PackageDescription

// An app module as current Xcode makes it: every type it declares is `@MainActor` unless it
// says otherwise. It proves that Strata's README and a view-model flow compile and run there.
let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .target(name: "MainActorApp", dependencies: [.product(name: "Strata", package: "Strata")]),
        .testTarget(name: "MainActorAppTests", dependencies: ["MainActorApp"]),
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
