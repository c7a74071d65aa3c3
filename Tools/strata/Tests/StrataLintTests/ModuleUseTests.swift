import Foundation
import Testing

@testable import StrataLint

@Suite("uses other than an import")
struct ModuleUseTests {
    @Test(
        "#externalMacro names its module: over several lines, after attributes, with a trailing comma",
        arguments: [SwiftFileReader.Extent.everything, .imports])
    func externalMacros(extent: SwiftFileReader.Extent) {
        let reader = SwiftFileReader(extent: extent)
        let source = """
            @attached(
              member,
              names: named(State)
            )
            @attached(memberAttribute)
            public macro Reducer() =
              #externalMacro(
                module: "TCAMacros", type: "ReducerMacro"
              )
            @freestanding(declaration, names: arbitrary)
            public macro GET(_ path: Any...) = #externalMacro(
                module: "VaporPlugin",
                type: "GetMacro",
            )
            let text = "#externalMacro(module: \\"InString\\", type: \\"T\\")"
            // #externalMacro(module: "InComment", type: "T")
            #if false
            public macro Off() = #externalMacro(module: "Inactive", type: "T")
            #endif
            public macro Odd() = #externalMacro(type: "T", module: "LabelsSwapped")
            """
        let macros = reader.read(source).externalMacros
        #expect(macros.map(\.module) == ["TCAMacros", "VaporPlugin"])
        #expect(macros.map(\.line) == [8, 12] && macros.map(\.column) == [14, 14])
        #expect(reader.read(source).imports.isEmpty)
    }

    @Test("a module map's first top-level module is the target's module")
    func moduleMaps() {
        #expect(ModuleName.declaredModule(in: "module zlibLinux [system] {\n  header \"z.h\"\n}") == "zlibLinux")
        #expect(
            ModuleName.declaredModule(in: "// module Commented\nframework module Kit {\n umbrella header \"Kit.h\"\n}")
                == "Kit")
        #expect(ModuleName.declaredModule(in: "/* module A */ explicit module B { }") == "B")
        #expect(ModuleName.declaredModule(in: "extern module Other \"other.modulemap\"\nmodule Mine { }") == "Mine")
        #expect(ModuleName.declaredModule(in: "module * { }") == nil)
        #expect(ModuleName.declaredModule(in: "") == nil)
    }

    @Test("without a module map the module is the target's name made a C99 identifier")
    func c99Names() {
        #expect(ModuleName.c99Name("system-zlib") == "system_zlib")
        #expect(ModuleName.c99Name("1st.Module") == "_st_Module")
        #expect(ModuleName.c99Name("Gzip") == "Gzip")
        #expect(ModuleName.c99Name("Café") == "Café")
    }
}
