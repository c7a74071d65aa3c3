import Testing

@testable import StrataLint

@Suite("Findings on the fixture packages")
struct FindingTests {
    @Test("a package that follows its rules has no finding")
    func clean() throws {
        let result = try Fixture(name: "clean").lint()
        #expect(result.findings.isEmpty)
        #expect(result.exitCode == 0)
        #expect(result.statistics.targets == 6 && result.statistics.files == 6 && result.features == ["Shop"])
    }

    @Test("layer rules: a forbidden declared dependency, a forbidden import, an implicit dependency, an unused one")
    func layers() throws {
        let result = try Fixture(name: "layers").lint()
        #expect(
            result.compact == [
                "Package.swift:0:0 layer-dependency ShopPresenter->ShopRepository",
                "Package.swift:0:0 unused-dependency ShopRepository->Core (warning)",
                "Sources/ShopPresenter/ItemsPresenter.swift:4:10 layer-import ShopPresenter->ShopRepository",
                "Sources/ShopUseCase/ListItems.swift:4:8 implicit-dependency ShopUseCase->Core",
            ])
        #expect(result.exitCode == 1)
        #expect(result.findings[0].message.contains("presenter may use only usecase, entity, core"))
    }

    @Test("features: independence, isolation, a missing layer, an unclassified target, too few features")
    func features() throws {
        let result = try Fixture(name: "features").lint()
        #expect(
            result.compact == [
                "Modules/Store/Store.swift:2:8 feature-isolation Store->ShopEntity",
                "Package.swift:0:0 feature-independence CartUseCase->ShopEntity",
                "Package.swift:0:0 unclassified-target Misc->",
                "Sources/CartUseCase/AddToCart.swift:2:8 feature-independence CartUseCase->ShopEntity",
                "strata.yml:3:12 too-few-features Features->",
                "strata.yml:10:5 missing-layer Cart->entity",
            ])
        #expect(result.features == ["Cart", "Shop"])
        #expect(result.layer(of: "Store") == "shared" && result.feature(of: "CartUseCase") == "Cart")
    }

    @Test("cycles through declared dependencies and through imports")
    func cycles() throws {
        let result = try Fixture(name: "cycle").lint()
        #expect(
            result.compact == [
                "Package.swift:0:0 dependency-cycle Alpha->Beta",
                "Package.swift:0:0 dependency-cycle Delta->Gamma",
                "Sources/Delta/Delta.swift:2:8 implicit-dependency Delta->Gamma",
            ])
        #expect(result.findings[0].message.contains("Alpha -> Beta -> Alpha"))
        #expect(result.findings[1].message.contains("Delta -> Gamma -> Delta"))
    }

    @Test("forbidden edges hold even for external modules; exceptions accept, and a stale exception is an error")
    func forbiddenAndExceptions() throws {
        let result = try Fixture(name: "forbidden").lint()
        #expect(
            result.compact == [
                "Sources/Lib/Fetch.swift:3:8 no-networking-in-lib Lib->FoundationNetworking",
                "strata.yml:18:5 stale-exception from App, to Nothing*->",
            ])
        #expect(result.findings[0].message.contains("the library stays pure"))
    }

    @Test("a baseline marks known violations, lets new ones fail, and lists stale entries")
    func baseline() throws {
        let result = try Fixture(name: "layers").lint(baseline: "baseline.json")
        #expect(
            result.compact == [
                "Package.swift:0:0 layer-dependency ShopPresenter->ShopRepository (known)",
                "Package.swift:0:0 unused-dependency ShopRepository->Core (warning)",
                "Sources/ShopPresenter/ItemsPresenter.swift:4:10 layer-import ShopPresenter->ShopRepository",
                "Sources/ShopUseCase/ListItems.swift:4:8 implicit-dependency ShopUseCase->Core",
            ])
        #expect(
            result.staleBaseline.map(\.key) == ["implicit-dependency|ShopUseCase|Gone|Sources/ShopUseCase/Old.swift"])
        #expect(result.exitCode == 1)
    }

    @Test("a baseline written from the findings knows all of them: the run passes, keys carry no line numbers")
    func writtenBaseline() throws {
        let result = try Fixture(name: "layers").lint()
        let baseline = Baseline(findings: result.findings)
        #expect(baseline.entries.count == 3)
        #expect(baseline.entries.allSatisfy { $0.file.map { !$0.hasPrefix("/") } ?? true })
        #expect(!baseline.entries.map(\.key).joined().contains(":3"))
        var findings = result.findings
        #expect(baseline.apply(to: &findings).isEmpty)
        let errors = findings.filter { $0.severity == .error }
        #expect(errors.allSatisfy { $0.known })
    }
}
