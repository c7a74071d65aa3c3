import SwiftIfConfig
import SwiftSyntax

/// A walk of a syntax tree that enters an `#if` clause only when some build compiles it.
///
/// It keeps the builds under which the code being visited is compiled: a clause is entered with
/// those of them under which it is the active one, and skipped when there are none, so a clause
/// nested in another is read only when one build compiles both.
class ActiveClauseVisitor: SyntaxVisitor {
    let builds: [PossibleBuild]
    /// Indices into `builds` of the builds that compile the code being visited.
    private(set) var compiling: [Int]

    init(builds: [PossibleBuild]) {
        self.builds = builds
        compiling = Array(builds.indices)
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether some build of those considered does not compile the code being visited.
    var isConditional: Bool { compiling.count < builds.count }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var byClause: [SyntaxIdentifier: [Int]] = [:]
        for index in compiling {
            guard let clause = node.activeClause(in: builds[index]).clause else { continue }
            byClause[clause.id, default: []].append(index)
        }
        let outer = compiling
        for clause in node.clauses {
            guard let elements = clause.elements, let inner = byClause[clause.id] else { continue }
            compiling = inner
            walk(elements)
        }
        compiling = outer
        // The conditions themselves are not code: they are never walked.
        return .skipChildren
    }
}
