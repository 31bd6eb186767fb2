import Strata
import Testing

@Suite("Descriptions of containers and providers")
struct DescriptionTests {
    @Test("a container's description from a report equals one written by hand, and hashes alike")
    func containerDescriptionEquality() {
        let session = TestApp().makeSession()
        _ = session.user()
        let reported = session.end().ended[0]
        let written = ContainerDescription(typeName: "TestSession", tier: "session")
        #expect(reported == written)
        #expect(Set([reported, written]).count == 1)
        #expect(reported != ContainerDescription(typeName: "TestSession", tier: "feature"))
        #expect(reported != ContainerDescription(typeName: "TestFeature", tier: "session"))
        #expect(reported.description == "TestSession (session tier)")
    }

    @Test("a survivor's provider equals one written by hand, and hashes alike")
    func providerDescriptionEquality() {
        let session = TestApp().makeSession()
        let leaked = session.user()
        let reported = session.end().watched[0].provider
        let written = ProviderDescription(
            container: ContainerDescription(typeName: "TestSession", tier: "session"),
            name: "user")
        #expect(reported == written)
        #expect(Set([reported, written]).count == 1)
        #expect(reported.description == "TestSession.user")
        withExtendedLifetime(leaked) {}
    }
}
