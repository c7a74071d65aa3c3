// swift-format-ignore-file
import SwiftSyntaxMacros
import SwiftCompilerPlugin

@main
struct VaporMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        ControllerMacro.self,
        HTTPGetMacro.self,
        HTTPPutMacro.self,
    ]
}
