import Foundation
import PapersPresenter
import TerminalUI
import Testing

@testable import PapersApp

/// A library search's result, as the presenter gives it (decoded: the view data is Codable).
private let results = """
    {"rows": [
      {"shortID": "1201.4869", "id": "1201.4869", "date": "2012-01-23", "title": "A Luttinger Liquid Core Inside Helium-4 Filled Nanopores",
       "authors": "Adrian Del Maestro", "allAuthors": ["Adrian Del Maestro"], "category": "cond-mat.mes-hall", "isFavourite": true, "isRecent": false},
      {"shortID": "cond-mat/0412498", "id": "cond-mat/0412498", "date": "2004-12-17", "title": "Quantum critical transport & <b>bold</b> claims",
       "authors": "A. Del Maestro, S. Sachdev", "allAuthors": ["Adrian Del Maestro", "Subir Sachdev"], "category": "cond-mat.str-el", "isFavourite": false, "isRecent": false}
    ],
    "subject": {"librarySearch": {"_0": "helium"}}, "description": "helium"}
    """

@Suite("papers web views")
struct WebViewsTests {
    @Test("a search result as text and as HTML lists the same papers, in order, with the same heading and marks")
    func sameFacts() throws {
        let data = try JSONDecoder().decode(PaperListViewData.self, from: Data(results.utf8))
        let text = Views.list(data).text(TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: false, columns: 200))
        let html = WebViews.search("helium", results: data).render()
        #expect(text.hasPrefix(Headings.list(data)))
        #expect(html.contains(">\(Headings.list(data))</h2>"))
        var textPositions: [String.Index] = []
        var htmlPositions: [String.Index] = []
        for row in data.rows {
            textPositions += text.range(of: row.shortID).map { [$0.lowerBound] } ?? []
            htmlPositions += html.range(of: "href=\"/paper?id=\(row.id)\"").map { [$0.lowerBound] } ?? []
            #expect(html.contains("\(row.shortID) · \(row.date) · \(row.category) · \(row.authors)"))
        }
        #expect(textPositions.count == 2 && textPositions == textPositions.sorted())
        #expect(htmlPositions.count == 2 && htmlPositions == htmlPositions.sorted())
        // The favourite is marked in both, and only it.
        #expect(text.components(separatedBy: Views.favouriteMark).count == 2)
        #expect(html.components(separatedBy: Views.favouriteMark).count == 2)
        // Titles are text: the markup in one is shown, not obeyed.
        #expect(text.contains("Quantum critical transport & <b>bold</b> claims"))
        #expect(html.contains("Quantum critical transport &amp; &lt;b&gt;bold&lt;/b&gt; claims"))
    }

    @Test("an empty favourites list says how to add one on the page, not with a command")
    func emptyFavourites() throws {
        let data = try JSONDecoder().decode(
            PaperListViewData.self,
            from: Data(#"{"rows": [], "subject": {"favourites": {}}, "description": "favourites"}"#.utf8))
        let html = WebViews.favourites(data).render()
        #expect(html.contains("No favourites yet; open a paper and choose Add to favourites."))
        #expect(!html.contains("papers fav"))
    }
}
