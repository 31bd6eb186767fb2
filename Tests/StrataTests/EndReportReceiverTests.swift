import Dispatch
import Strata
import Testing

/// Collects what a receiver of end reports is given.
private final class Reports: Sendable {
    private let received = Locked<[EndReport]>([])

    func receive(_ report: EndReport) { received.withLock { $0.append(report) } }

    var ended: [String] { received.withLock { $0.flatMap(\.ended).map(\.typeName) } }
    var survivors: [String] {
        received.withLock { $0.flatMap(\.survivors).map(\.provider.description) }
    }
}

@Suite("End reports sent to a receiver")
struct EndReportReceiverTests {
    @Test("a root made in the receiver's task reports each container of its tree as it ends")
    func eachContainerReports() {
        let reports = Reports()
        let app = EndReport.withReceiver(reports.receive) { TestApp() }
        let session = app.makeSession()
        let feature = session.makeFeature()
        _ = feature.screen()
        let leaked = session.user()
        session.end()
        #expect(reports.ended == ["TestFeature", "TestSession"])
        #expect(reports.survivors == ["TestSession.user"])
        withExtendedLifetime(leaked) {}
    }

    @Test("a container released without end() reports too, and a root made later does not")
    func releaseReportsAndLaterRootsDoNot() {
        let reports = Reports()
        let app = EndReport.withReceiver(reports.receive) { TestApp() }
        do {
            let feature = app.makeFeature()
            _ = feature.screen()
        }
        let outside = TestApp()
        outside.makeFeature().end()
        #expect(reports.ended == ["TestFeature"])
    }

    @Test("a container ended on another thread still reports to its root's receiver")
    func endedElsewhere() async {
        let reports = Reports()
        let app = await EndReport.withReceiver(reports.receive) { () async in TestApp() }
        let session = app.makeSession()
        await withCheckedContinuation { done in
            DispatchQueue.global().async {
                session.end()
                done.resume()
            }
        }
        #expect(reports.ended == ["TestSession"])
    }

    @Test("a nil receiver hides an outer one from the roots made inside it")
    func nilHidesOuter() {
        let reports = Reports()
        let (outer, inner) = EndReport.withReceiver(reports.receive) {
            (TestApp(), EndReport.withReceiver(nil) { TestApp() })
        }
        inner.makeSession().end()
        outer.makeFeature().end()
        #expect(reports.ended == ["TestFeature"])
    }

    @Test("onEndReport gives a root made elsewhere a receiver, and nil takes it away")
    func explicitReceiver() {
        let reports = Reports()
        let app = TestApp()
        app.onEndReport(reports.receive)
        app.makeSession().end()
        app.onEndReport(nil)
        app.makeFeature().end()
        #expect(reports.ended == ["TestSession"])
    }
}
