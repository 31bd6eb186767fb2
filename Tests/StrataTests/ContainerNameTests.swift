import Strata
import Testing

/// A container never used is named by its tier and by where its scope was made, and that
/// place comes back as it was written, whatever the static string it was given.
@Suite struct ContainerNameTests {
    final class PlacedFeature: Container {
        let scope: FeatureScope

        init(parent: TestApp, fileID: StaticString, line: UInt) {
            scope = FeatureScope(parent: parent, fileID: fileID, line: line)
        }
    }

    /// The name of `app`'s one child.
    func childName(of app: TestApp) -> String? { app.tree.children.first?.container.typeName }

    @Test("a file ID that is not ASCII comes back whole")
    func nonASCIIFileID() {
        let app = TestApp()
        let feature = PlacedFeature(parent: app, fileID: "Modül/Écran.swift", line: 7)
        #expect(childName(of: app) == "unnamed feature container made at Modül/Écran.swift:7")
        withExtendedLifetime(feature) {}
    }

    @Test("a file ID of one scalar, kept without a pointer, comes back whole")
    func oneScalarFileID() {
        let app = TestApp()
        let feature = PlacedFeature(parent: app, fileID: "é", line: 9)
        #expect(childName(of: app) == "unnamed feature container made at é:9")
        withExtendedLifetime(feature) {}
    }
}
