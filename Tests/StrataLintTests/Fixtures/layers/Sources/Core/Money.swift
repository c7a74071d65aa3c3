public struct Money {}
