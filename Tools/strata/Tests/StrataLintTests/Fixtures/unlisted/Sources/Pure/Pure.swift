import Foundation
import FoundationNetworking

public struct Pure {}
