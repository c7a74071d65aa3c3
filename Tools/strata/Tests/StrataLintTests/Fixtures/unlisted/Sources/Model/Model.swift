import Core
import Crypto
import Foundation
import Hummingbird
import NIOCore

public struct Model {}
