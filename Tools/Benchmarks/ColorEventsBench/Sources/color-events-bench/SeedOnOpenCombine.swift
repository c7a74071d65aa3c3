import OpenCombine

// The EV seed's mechanism as its article writes it: one CurrentValueSubject of events, and per
// screen an @Action that flatMaps each event to its actions and compactMaps them to its own type.

enum SeedEvent: Equatable {
    case initial
    case changeBothSidesColors
    case changeLeftColor

    static func actionsByEvent(_ event: SeedEvent) -> [any InnerViewAction] {
        switch event {
        case .changeBothSidesColors: [LeftInnerAction.changeLeftColor, RightInnerAction.changeRightColor]
        case .changeLeftColor: [LeftInnerAction.changeLeftColor]
        default: []
        }
    }
}

protocol InnerViewAction: Equatable {
    static var `default`: Self { get }
}

enum LeftInnerAction: InnerViewAction {
    static var `default`: LeftInnerAction { .initial }
    case initial
    case changeLeftColor
}

enum RightInnerAction: InnerViewAction {
    static var `default`: RightInnerAction { .initial }
    case initial
    case changeRightColor
}

enum CenterInnerAction: InnerViewAction {
    static var `default`: CenterInnerAction { .initial }
    case initial
}

/// The seed's `@Action` property wrapper, as a class so the benchmark can hold it.
///
/// Two departures, both needed to run it at all outside SwiftUI: the subscription's
/// cancellable is kept (the article discards it, which cancels it at once), and there is no
/// `.subscribe(on: DispatchQueue.main)` (it only moves the subscribe call, not the delivery).
final class SeedAction<T: InnerViewAction> {
    private let currentValue: CurrentValueSubject<T, Never>
    private var subscriptions: [AnyCancellable] = []

    init(_ receivedValue: T, eventSubject: CurrentValueSubject<SeedEvent, Never>, onReceive: @escaping (T) -> Void) {
        currentValue = CurrentValueSubject(receivedValue)
        eventSubject
            .flatMap { receivedEvent -> AnyPublisher<any InnerViewAction, Never> in
                SeedEvent.actionsByEvent(receivedEvent).publisher.eraseToAnyPublisher()
            }
            .compactMap { receivedAction in receivedAction as? T }
            .sink { [weak self] value in self?.wrappedValue = value }
            .store(in: &subscriptions)
        // The view's `.onReceive($action)`.
        projectedValue.sink(receiveValue: onReceive).store(in: &subscriptions)
    }

    var wrappedValue: T {
        get { currentValue.value }
        set {
            currentValue.value = newValue
            currentValue.value = T.default
        }
    }

    var projectedValue: AnyPublisher<T, Never> {
        currentValue
            .compactMap { $0 }
            .drop { $0 == T.default }
            .eraseToAnyPublisher()
    }
}
