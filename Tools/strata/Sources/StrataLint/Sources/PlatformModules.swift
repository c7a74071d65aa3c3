/// The modules a platform's SDK or C library provides, and the platforms `os(...)` can name.
///
/// `canImport(X)` of such a module is decided per build, by the build's platform. Where it is
/// unclear whether an SDK has a framework on a given Apple system, the table says it does: a
/// clause read in vain can only report an import that is written in the source, while a clause
/// skipped in error hides one.
enum PlatformModules {
    /// Every name `os(...)` accepts, as the compiler spells it.
    static let systems: Set<String> = [
        "macOS", "iOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI",
        "Cygwin", "Haiku", "PS4", "none",
    ]

    static let apple: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
    /// The systems with UIKit: macOS has it only as Mac Catalyst, which is `os(iOS)`.
    static let uiKitSystems: Set<String> = ["iOS", "tvOS", "watchOS", "visionOS"]
    /// Systems whose Swift ships swift-corelibs-foundation's extra modules.
    static let corelibsSystems: Set<String> = ["Linux", "Windows", "Android", "FreeBSD", "OpenBSD"]

    /// The systems that have `module`, or nil when it is no known platform module.
    static func systems(having module: String) -> Set<String>? {
        if let systems = byModule[module] { return systems }
        if macOSOnly.contains(module) { return ["macOS"] }
        if uiKitFamily.contains(module) { return uiKitSystems }
        if appleFrameworks.contains(module) { return apple }
        return nil
    }

    /// C libraries and the modules swift-corelibs-foundation adds outside Apple systems.
    static let byModule: [String: Set<String>] = [
        "Glibc": ["Linux", "Android", "FreeBSD", "OpenBSD", "Cygwin", "Haiku"], "Musl": ["Linux"],
        "Android": ["Android"], "Bionic": ["Android"], "WinSDK": ["Windows"], "ucrt": ["Windows"],
        "CRT": ["Windows"], "WASILibc": ["WASI"], "FoundationNetworking": corelibsSystems,
        "FoundationXML": corelibsSystems, "FoundationEssentials": corelibsSystems,
        "FoundationInternationalization": corelibsSystems,
    ]

    /// Frameworks of the macOS SDK alone (Xcode's `XcodeProjectPlugin` included).
    static let macOSOnly: Set<String> = [
        "AppKit", "Cocoa", "Carbon", "ApplicationServices", "CoreServices", "CoreWLAN", "CreateML",
        "EndpointSecurity", "Hypervisor", "IOBluetooth", "OpenDirectory", "QuickLookUI", "ScreenCaptureKit",
        "ScreenSaver", "ServiceManagement", "SystemExtensions", "Virtualization", "XcodeProjectPlugin", "OpenGL",
        "AppleScriptObjC", "Automator", "CoreAudioKit", "DiskArbitration", "InputMethodKit", "SecurityFoundation",
        "SecurityInterface", "Quartz", "QuartzComposer", "IOUSBHost", "FSKit",
    ]

    /// Frameworks of the systems with UIKit, not macOS.
    static let uiKitFamily: Set<String> = [
        "UIKit", "ActivityKit", "ARKit", "CarPlay", "CoreNFC", "CoreTelephony", "MessageUI", "Messages",
        "MobileCoreServices", "OpenGLES", "TVUIKit", "TVServices", "TVMLKit", "WatchKit", "ClockKit",
        "WatchConnectivity", "HealthKitUI", "NotificationCenter", "VisionKit", "AssetsLibrary", "AddressBookUI",
        "CoreLocationUI", "FamilyControls", "DeviceActivity", "ManagedSettings", "ManagedSettingsUI",
        "WorkoutKit", "BrowserEngineKit", "AccessorySetupKit", "ProximityReader", "CarKey",
    ]

    /// Frameworks and system modules every Apple SDK may have.
    static let appleFrameworks: Set<String> = [
        "Darwin", "ObjectiveC", "os", "OSLog", "Combine", "SwiftUI", "SwiftData", "CoreFoundation", "Security",
        "Network", "NetworkExtension", "CoreMotion", "CoreData", "CoreGraphics", "CoreLocation", "AVFoundation",
        "AVFAudio", "AVKit", "AVRouting", "Accelerate", "Accessibility", "AdServices", "AdSupport", "AppIntents",
        "AppTrackingTransparency", "AudioToolbox", "AudioUnit", "AuthenticationServices",
        "AutomaticAssessmentConfiguration", "BackgroundAssets", "BackgroundTasks", "CallKit", "CFNetwork",
        "Charts", "ClassKit", "CloudKit", "ColorSync", "Compression", "Contacts", "ContactsUI", "CoreAudio",
        "CoreAudioTypes", "CoreBluetooth", "CoreHaptics", "CoreImage", "CoreMedia", "CoreMIDI", "CoreML",
        "CoreSpotlight", "CoreText", "CoreTransferable", "CoreVideo", "CryptoKit", "CryptoTokenKit",
        "DataDetection", "DeveloperToolsSupport", "DeviceCheck", "EventKit", "EventKitUI", "ExtensionFoundation",
        "ExtensionKit", "ExternalAccessory", "FileProvider", "FileProviderUI", "FinanceKit", "GameController",
        "GameKit", "GameplayKit", "GLKit", "GroupActivities", "HealthKit", "HomeKit", "IdentityLookup",
        "ImageCaptureCore", "ImageIO", "Intents", "IntentsUI", "IOKit", "IOSurface", "JavaScriptCore",
        "LinkPresentation", "LocalAuthentication", "LocalAuthenticationEmbeddedUI", "MailKit", "MapKit", "Matter",
        "MediaAccessibility", "MediaPlayer", "MediaToolbox", "Metal", "MetalFX", "MetalKit",
        "MetalPerformanceShaders", "MetalPerformanceShadersGraph", "MetricKit", "MLCompute", "ModelIO",
        "MultipeerConnectivity", "MusicKit", "NaturalLanguage", "NearbyInteraction", "PassKit", "PDFKit",
        "PencilKit", "Photos", "PhotosUI", "PushKit", "QuartzCore", "QuickLook", "QuickLookThumbnailing",
        "RealityKit", "ReplayKit", "SafariServices", "SafetyKit", "SceneKit", "SensorKit", "ShazamKit",
        "SharedWithYou", "simd", "SoundAnalysis", "Speech", "SpriteKit", "StoreKit", "Symbols", "System",
        "SystemConfiguration", "ThreadNetwork", "TipKit", "Translation", "UniformTypeIdentifiers",
        "UserNotifications", "UserNotificationsUI", "VideoSubscriberAccount", "VideoToolbox", "Vision",
        "WeatherKit", "WebKit", "WidgetKit", "XPC", "Cinematic", "DockKit", "JournalingSuggestions",
        "StoreKitTest", "AppleArchive", "NetworkingDriverKit", "DriverKit", "GameSave",
        "ImagePlayground", "LightweightCodeRequirements", "MediaExtension", "RoomPlan", "SwiftUICore",
        // C libraries the SDKs wrap as modules.
        "zlib", "SQLite3", "libkern",
    ]
}
