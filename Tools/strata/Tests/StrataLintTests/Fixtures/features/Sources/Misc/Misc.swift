public let misc = 1
