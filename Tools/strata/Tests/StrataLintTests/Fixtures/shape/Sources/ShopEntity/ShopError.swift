// swift-format-ignore-file
import Core

// Flags in comments are fine: --comment-flag
/* and in block comments: `shop list` --block-flag */
/// and in doc comments: --doc-flag
public enum ShopError: DomainError, Equatable {
    case emptyName
    case unknown(String)

    public var message: String {
        switch self {
        case .emptyName: "give one with --name"
        case .unknown(let name): "no item \(name); run `shop list` to see them"
        }
    }
}

public let help = """
    Items have a name.
      Set it with --item-name and a price.
    """

public let raw = #"the "quoted" \(not interpolated) --raw-flag"#

public let interpolated = "\(help.count)--not-a-flag and \("(--inner)")"

public let fine = "a-b--c, 2024-01-01, -- dashes -- and x--y"
