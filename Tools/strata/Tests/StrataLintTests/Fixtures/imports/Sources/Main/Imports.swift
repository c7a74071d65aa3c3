// swift-format-ignore-file
import Core
import Alpha
@testable import Beta
@_exported import Gamma
import struct Delta.Thing
import Epsilon.Submodule
public import Zeta
@preconcurrency internal import `Eta`
#if canImport(Theta)
import Theta
#endif
#if os(Linux)
import Iota
#else
import Kappa
#endif
#if false
import Lambda
#endif
// import Mu
/* a block comment /* nested */ import Mu */
let text = "import Nu"
let block = """
    import Xi
    "still inside" \(1 + 2)
    """
let raw = #"import Omicron "quoted" \(not interpolated)"#
let rawBlock = ##"""
    import Pi """ still inside
    """##
#if true
#elseif os(macOS)
import Rho
#else
import Rho
#endif
#if canImport(NoSuchModule)
import Sigma
#endif
let nested = "a \("b \("import Tau") c") d"
let member = value.import
let regex = #/import Upsilon "/#
#if DEBUG && !os(Windows)
import Phi
#endif
/// Doc comments: import Chi
func f() {}
import func Psi.run
#if compiler(>=5.9)
import Omega
#endif
