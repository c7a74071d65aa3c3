/// The card numbers a player with a perfect memory chooses, given where every emoji lies.
///
/// Each turn: match a pair already seen if there is one; otherwise turn up the next unseen
/// card, then its partner when it was seen before, or else the next unseen card. It never
/// turns a seen card in a mismatch, so its score is 2 per pair. The demo's moves come from
/// here (see `demoMoves`), so the script's hard-coded list is checked, not trusted.
func perfectMemoryMoves(_ contents: [String]) -> [Int] {
    var seen: [String: [Int]] = [:]
    var matched = Set<Int>()
    var next = 0
    var moves: [Int] = []
    func turnUnseen() -> Int {
        while matched.contains(next) || seen.values.contains(where: { $0.contains(next) }) { next += 1 }
        let index = next
        seen[contents[index], default: []].append(index)
        moves.append(index + 1)
        return index
    }
    while matched.count < contents.count {
        if let pair = seen.values.first(where: { $0.count == 2 }) {
            moves += pair.map { $0 + 1 }
            matched.formUnion(pair)
            seen[contents[pair[0]]] = nil
            continue
        }
        let first = turnUnseen()
        if let known = seen[contents[first]], known.count == 2 {
            let partner = known[0]
            moves.append(partner + 1)
            matched.formUnion([first, partner])
            seen[contents[first]] = nil
            continue
        }
        let second = turnUnseen()
        if contents[first] == contents[second] {
            matched.formUnion([first, second])
            seen[contents[first]] = nil
        }
    }
    return moves
}
