import Core
import MemorizeEntity
import Testing

/// A game whose cards lie in pair order: A A B B C C (indices 0-1, 2-3, 4-5).
private func orderedGame(pairs: Int = 3) -> MemoryGame<String> {
    MemoryGame(numberOfPairsOfCards: pairs) { ["A", "B", "C", "D"][$0] }
}

@Suite("MemoryGame rules")
struct MemoryGameTests {
    @Test("the initializer makes two cards per pair from createCardContent, all down, unmatched and unseen")
    func creation() {
        let game = MemoryGame<Int>(numberOfPairsOfCards: 4) { $0 * 10 }
        #expect(game.cards.map(\.content) == [0, 0, 10, 10, 20, 20, 30, 30])
        #expect(Set(game.cards.map(\.id)).count == 8)
        #expect(game.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched && !$0.seen })
        #expect(game.score == 0 && game.moves == 0 && !game.isOver)
    }

    @Test("choosing a face-down card turns it face up and counts a move")
    func turnsUp() {
        var game = orderedGame()
        #expect(game.choose(at: 2) == .turnedUp("B"))
        #expect(game.cards[2].isFaceUp)
        #expect(game.cards.filter(\.isFaceUp).count == 1)
        #expect(game.moves == 1)
    }

    @Test("two face-up cards with the same content are matched and score +2")
    func match() {
        var game = orderedGame()
        game.choose(at: 0)
        #expect(game.choose(at: 1) == .matched("A"))
        #expect(game.cards[0].isMatched && game.cards[1].isMatched)
        #expect(game.score == 2)
        #expect(game.matchedPairs == 1)
    }

    @Test("a mismatch of two never-seen cards costs nothing and leaves both face up")
    func mismatchUnseen() {
        var game = orderedGame()
        game.choose(at: 0)
        #expect(game.choose(at: 2) == .mismatched("A", "B", penalty: 0))
        #expect(game.score == 0)
        #expect(game.cards[0].isFaceUp && game.cards[2].isFaceUp)
        #expect(!game.cards[0].isMatched && !game.cards[2].isMatched)
    }

    @Test("the third card turns the two unmatched face-up cards down and marks them seen")
    func thirdCard() {
        var game = orderedGame()
        game.choose(at: 0)
        game.choose(at: 2)
        #expect(game.choose(at: 4) == .turnedUp("C"))
        #expect(!game.cards[0].isFaceUp && !game.cards[2].isFaceUp)
        #expect(game.cards[0].seen && game.cards[2].seen)
        #expect(game.cards[4].isFaceUp && !game.cards[4].seen)
        #expect(game.cards.filter(\.isFaceUp).count == 1)
    }

    @Test("a mismatch costs 1 point per card seen before, and only for those")
    func mismatchPenalty() {
        var game = orderedGame()
        game.choose(at: 0)  // A, unseen
        game.choose(at: 2)  // B, unseen: no penalty
        game.choose(at: 4)  // C up; A and B go down and are now seen
        #expect(game.choose(at: 0) == .mismatched("C", "A", penalty: 1))  // C unseen, A seen
        #expect(game.score == -1)
        game.choose(at: 2)  // B up; C and A down (C now seen too)
        #expect(game.choose(at: 4) == .mismatched("B", "C", penalty: 2))  // both seen
        #expect(game.score == -3)
        game.choose(at: 3)  // B's partner, unseen
        #expect(game.choose(at: 2) == .matched("B"))  // a match never costs, seen or not
        #expect(game.score == -1)
    }

    @Test("choosing a face-up card does nothing")
    func ignoresFaceUp() {
        var game = orderedGame()
        game.choose(at: 0)
        let before = game
        #expect(game.choose(at: 0) == .ignored(.faceUp))
        #expect(game == before)
        game.choose(at: 2)
        let mismatched = game
        #expect(game.choose(at: 2) == .ignored(.faceUp))
        #expect(game == mismatched)
    }

    @Test("choosing a matched card does nothing, even after it has turned down")
    func ignoresMatched() {
        var game = orderedGame()
        game.choose(at: 0)
        game.choose(at: 1)
        let matched = game
        #expect(game.choose(at: 0) == .ignored(.matched))
        #expect(game == matched)
        game.choose(at: 2)  // the matched pair goes down, still matched
        #expect(game.cards[0].isMatched && !game.cards[0].isFaceUp)
        let later = game
        #expect(game.choose(at: 1) == .ignored(.matched))
        #expect(game == later)
        #expect(game.choose(at: 99) == .ignored(.offTheTable))
        #expect(game == later)
    }

    @Test("the game is over exactly when every card is matched")
    func gameOver() {
        var game = orderedGame(pairs: 2)
        for index in [0, 1, 2] {
            game.choose(at: index)
            #expect(!game.isOver)
        }
        game.choose(at: 3)
        #expect(game.isOver)
        #expect(game.score == 4 && game.moves == 4)
    }

    @Test("choose(_ card:) finds the card by id, as in CS193p")
    func chooseByCard() {
        var game = orderedGame()
        let card = game.cards[3]
        #expect(game.choose(card) == .turnedUp("B"))
        #expect(game.cards[3].isFaceUp)
    }

    @Test("shuffling with the same seed gives the same table; the cards stay the same")
    func shuffle() {
        var first = orderedGame(pairs: 4)
        var second = orderedGame(pairs: 4)
        var third = orderedGame(pairs: 4)
        first.shuffle(using: .seeded(7))
        second.shuffle(using: .seeded(7))
        third.shuffle(using: .seeded(8))
        #expect(first == second)
        #expect(first != third)
        #expect(first.cards.map(\.id).sorted() == orderedGame(pairs: 4).cards.map(\.id).sorted())
    }
}
