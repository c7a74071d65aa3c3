import Hummingbird
import Model

public struct Web {}
