// swift-format-ignore-file
import Lib
import FoundationNetworking

fetch()
