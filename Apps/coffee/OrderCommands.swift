import ArgumentParser
import CoffeePresenter
import Core

/// What a command that acts on one order does with the presenter.
enum OrderCommandKind {
    case show, advance, cancel, delete

    /// Showing only reads: on a missing file it says so instead of creating one.
    var access: StorageAccess { self == .show ? .readOnly : .readWrite }

    @MainActor
    func perform(_ id: String, on presenter: OrdersPresenter) async {
        switch self {
        case .show: await presenter.show(id)
        case .advance: await presenter.advance(id)
        case .cancel: await presenter.cancel(id)
        case .delete: await presenter.delete(id)
        }
    }
}

/// The shared body of `show`, `advance`, `cancel` and `delete`.
protocol OrderActionCommand: AsyncParsableCommand {
    static var action: OrderCommandKind { get }
    var id: String { get }
    var common: CommonOptions { get }
}

extension OrderActionCommand {
    mutating func run() async throws {
        let (common, id) = (common, id)
        try await ErrorWording.reporter.run { @MainActor in
            try await common.withPresenter(access: Self.action.access) { presenter in
                await Self.action.perform(id, on: presenter)
                try Views.detail(presenter.order.result()).print(as: common.format)
            }
        }
    }
}

/// `coffee show ID`.
struct ShowCommand: OrderActionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one order.",
        discussion: "Example: coffee show 3f2a9c1e")
    static let action = OrderCommandKind.show

    @Argument(help: "The order's id, or any unique start of it.")
    var id: String

    @OptionGroup var common: CommonOptions
}

/// `coffee advance ID`.
struct AdvanceCommand: OrderActionCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance", abstract: "Move an order one step: placed, preparing, ready, completed.",
        discussion: "Example: coffee advance 3f2a9c1e")
    static let action = OrderCommandKind.advance

    @Argument(help: "The order's id, or any unique start of it.")
    var id: String

    @OptionGroup var common: CommonOptions
}

/// `coffee cancel ID`.
struct CancelCommand: OrderActionCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel an order that is placed or preparing.",
        discussion: "Example: coffee cancel 3f2a9c1e")
    static let action = OrderCommandKind.cancel

    @Argument(help: "The order's id, or any unique start of it.")
    var id: String

    @OptionGroup var common: CommonOptions
}

/// `coffee delete ID`.
struct DeleteCommand: OrderActionCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an order, whatever its status.",
        discussion: "Example: coffee delete 3f2a9c1e")
    static let action = OrderCommandKind.delete

    @Argument(help: "The order's id, or any unique start of it.")
    var id: String

    @OptionGroup var common: CommonOptions
}
