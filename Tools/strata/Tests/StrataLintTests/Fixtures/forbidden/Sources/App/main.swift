import Lib
import FoundationNetworking

fetch()
