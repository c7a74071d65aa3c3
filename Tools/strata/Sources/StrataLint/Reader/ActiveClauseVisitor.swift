import SwiftIfConfig
import SwiftSyntax
import Synchronization

/// A walk of a syntax tree that enters an `#if` clause only when some build compiles it.
///
/// It keeps the builds under which the code being visited is compiled: a clause is entered with
/// those of them under which it is the active one, and skipped when there are none, so a clause
/// nested in another is read only when one build compiles both.
class ActiveClauseVisitor: SyntaxVisitor {
    let builds: [PossibleBuild]
    let answers: ActiveClauses
    /// Indices into `builds` of the builds that compile the code being visited.
    private(set) var compiling: [Int]

    init(builds: [PossibleBuild], answers: ActiveClauses) {
        self.builds = builds
        self.answers = answers
        compiling = Array(builds.indices)
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether some build of those considered does not compile the code being visited.
    var isConditional: Bool { compiling.count < builds.count }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let clauses = Array(node.clauses)
        let active = answers.active(clauses) {
            builds.map { build in
                node.activeClause(in: build).clause.flatMap { clause in clauses.firstIndex { $0.id == clause.id } }
            }
        }
        var byClause: [Int: [Int]] = [:]
        for index in compiling {
            if let clause = active[index] { byClause[clause, default: []].append(index) }
        }
        let outer = compiling
        for (position, clause) in clauses.enumerated() {
            guard let elements = clause.elements, let inner = byClause[position] else { continue }
            compiling = inner
            walk(elements)
        }
        compiling = outer
        // The conditions themselves are not code: they are never walked.
        return .skipChildren
    }
}

/// The active clause of each `#if` under each build, by the clauses' conditions: the same
/// conditions recur across a package's files (`os(Linux)`, `canImport(Darwin)`), and each
/// evaluation under every build costs more than parsing the directive.
final class ActiveClauses: Sendable {
    private let known = Mutex<[String: [Int?]]>([:])

    /// The index of the active clause under each build (nil: none), evaluated by `evaluate` when new.
    func active(_ clauses: [IfConfigClauseSyntax], evaluate: () -> [Int?]) -> [Int?] {
        let key = clauses.map { $0.condition?.trimmedDescription ?? "" }.joined(separator: "\n")
        if let answer = known.withLock({ $0[key] }) { return answer }
        let answer = evaluate()
        known.withLock { $0[key] = answer }
        return answer
    }
}
