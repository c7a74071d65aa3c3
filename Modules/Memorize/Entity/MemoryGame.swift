import Core

/// The memory game of CS193p's Memorize: cards in pairs, turned up two at a time, matched by content.
///
/// The model is generic over what a card shows, as in the seed; the emoji game is
/// `MemoryGame<String>`. It holds the rules and nothing about how cards are drawn.
public struct MemoryGame<CardContent: Equatable>: Equatable {
    /// The cards, in the order they lie on the table.
    public private(set) var cards: [Card]
    /// Points so far: +2 per match, -1 per already-seen card in a mismatch.
    public private(set) var score = 0
    /// Cards turned face up so far; choices the rules ignore are not moves.
    public private(set) var moves = 0

    /// Creates `numberOfPairsOfCards` pairs, in pair order, with `createCardContent(pairIndex)` on both cards of a pair.
    public init(numberOfPairsOfCards: Int, createCardContent: (Int) -> CardContent) {
        cards = []
        for pairIndex in 0..<max(0, numberOfPairsOfCards) {
            let content = createCardContent(pairIndex)
            cards.append(Card(id: "\(pairIndex + 1)a", content: content))
            cards.append(Card(id: "\(pairIndex + 1)b", content: content))
        }
    }

    /// Whether every card is matched: the game is over.
    public var isOver: Bool { cards.allSatisfy(\.isMatched) }

    /// How many pairs are matched so far.
    public var matchedPairs: Int { cards.filter(\.isMatched).count / 2 }

    /// Puts the cards in a random order drawn from `random` (so a seeded source gives the same table).
    public mutating func shuffle(using random: RandomSource) {
        cards = random.shuffled(cards)
    }

    /// Chooses the card at `index` and applies the rules; an index off the table is ignored.
    @discardableResult
    public mutating func choose(at index: Int) -> ChoiceOutcome<CardContent> {
        guard cards.indices.contains(index) else { return .ignored(.offTheTable) }
        if cards[index].isMatched { return .ignored(.matched) }
        if cards[index].isFaceUp { return .ignored(.faceUp) }
        moves += 1
        guard let other = indexOfTheOneAndOnlyFaceUpCard else {
            // No card waits for a partner: this one starts a new pair, the others go down.
            indexOfTheOneAndOnlyFaceUpCard = index
            return .turnedUp(cards[index].content)
        }
        cards[index].isFaceUp = true
        if cards[index].content == cards[other].content {
            cards[index].isMatched = true
            cards[other].isMatched = true
            score += 2
            return .matched(cards[index].content)
        }
        let penalty = [index, other].filter { cards[$0].seen }.count
        score -= penalty
        return .mismatched(cards[other].content, cards[index].content, penalty: penalty)
    }

    /// Chooses `card` (found by id), as CS193p's `choose(_:)` does.
    @discardableResult
    public mutating func choose(_ card: Card) -> ChoiceOutcome<CardContent> {
        guard let index = cards.firstIndex(where: { $0.id == card.id }) else { return .ignored(.offTheTable) }
        return choose(at: index)
    }

    /// The index of the card face up alone and unmatched; setting it turns every other card face down.
    private var indexOfTheOneAndOnlyFaceUpCard: Int? {
        get {
            let faceUp = cards.indices.filter { cards[$0].isFaceUp && !cards[$0].isMatched }
            return faceUp.count == 1 ? faceUp.first : nil
        }
        set {
            for index in cards.indices { cards[index].isFaceUp = index == newValue }
        }
    }

    /// One card of the game.
    public struct Card: Equatable, Identifiable {
        /// Stable identity: the pair's number and `a` or `b`, such as `3b`.
        public let id: String
        /// Whether the card shows its content.
        public internal(set) var isFaceUp = false {
            // A card has been seen once it was face up and went back down.
            didSet { if oldValue && !isFaceUp { seen = true } }
        }
        /// Whether the card found its partner; matched cards leave the game.
        public internal(set) var isMatched = false
        /// What the card shows when face up.
        public let content: CardContent
        /// Whether the card has been face up before and turned back down, so a player could remember it.
        public private(set) var seen = false

        /// Creates a face-down, unmatched, unseen card.
        public init(id: String, content: CardContent) {
            self.id = id
            self.content = content
        }
    }
}

extension MemoryGame: Sendable where CardContent: Sendable {}
extension MemoryGame.Card: Sendable where CardContent: Sendable {}

/// What choosing a card did.
public enum ChoiceOutcome<CardContent: Equatable>: Equatable {
    /// The rules ignored the choice; nothing changed.
    case ignored(IgnoredReason)
    /// The card turned face up and now waits for a partner.
    case turnedUp(CardContent)
    /// The card matched the face-up one: both are matched, +2.
    case matched(CardContent)
    /// The two face-up cards differ; `penalty` points were taken, one per card seen before.
    case mismatched(CardContent, CardContent, penalty: Int)
}

extension ChoiceOutcome: Sendable where CardContent: Sendable {}

/// Why a choice changed nothing.
public enum IgnoredReason: String, Equatable, Sendable {
    /// The card is already matched.
    case matched
    /// The card is already face up.
    case faceUp
    /// There is no card at that place.
    case offTheTable
}
