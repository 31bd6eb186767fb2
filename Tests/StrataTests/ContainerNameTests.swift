import Strata
import Testing

/// A container never used is named by its tier and by where its scope was made, and that
/// place comes back as it was written, whatever the static string it was given.
@Suite struct ContainerNameTests {
    final class PlacedFeature: Container {
        let scope: FeatureScope<TestApp>

        init(parent: TestApp, fileID: StaticString, line: UInt) {
            scope = FeatureScope(parent: parent, fileID: fileID, line: line)
        }
    }

    @Test(
        "a file ID the compiler did not write comes back whole",
        arguments: [
            // Not ASCII.
            ("Modül/Écran.swift", 7),
            // One scalar: a static string that keeps it without a pointer.
            ("é", 9),
        ] as [(StaticString, UInt)])
    func fileIDComesBackWhole(fileID: StaticString, line: UInt) {
        let app = TestApp()
        let feature = PlacedFeature(parent: app, fileID: fileID, line: line)
        #expect(
            app.tree.children.first?.container.typeName
                == "unnamed feature container made at \(fileID):\(line)")
        withExtendedLifetime(feature) {}
    }
}
