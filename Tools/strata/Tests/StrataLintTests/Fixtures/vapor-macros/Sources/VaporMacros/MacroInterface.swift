// swift-format-ignore-file
#if MacroRouting
public import HTTPTypes
public import Vapor

@attached(extension, conformances: RouteCollection, names: named(boot(routes:)))
public macro Controller() = #externalMacro(
    module: "VaporMacrosPlugin",
    type: "ControllerMacro",
)

@attached(peer, names: arbitrary)
public macro GET(on routeBuilder: (any RoutesBuilder)? = nil, _ pathComponents: Any...) = #externalMacro(
    module: "VaporMacrosPlugin",
    type: "HTTPGetMacro"
)

@attached(peer, names: arbitrary)
public macro POST(on routeBuilder: (any RoutesBuilder)? = nil, _ pathComponents: Any...) = #externalMacro(
    module: "VaporMacrosPlugin",
    type: "HTTPPostMacro"
)

@freestanding(declaration, names: arbitrary)
public macro GET(on routeBuilder: any RoutesBuilder, _ pathComponents: Any..., handler: Any) = #externalMacro(
    module: "VaporMacrosPlugin",
    type: "FreestandingGetMacro"
)

#endif
