//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

#if canImport(Network)

import Foundation
import HummingbirdCore
import HummingbirdTesting
import Logging
import Network
import NIOCore
import NIOSSL
import Testing

#if canImport(Network)
import NIOTransportServices
#endif

#endif
