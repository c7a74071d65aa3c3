import Foundation
import PapersPresenter
import TerminalUI
import Testing

@testable import PapersApp

/// A library search's result, as the presenter gives it (decoded: the view data is Codable).
private let results = """
    {"rows": [
      {"shortID": "1201.4869", "id": "1201.4869", "date": "2012-01-23", "title": "A Luttinger Liquid Core Inside Helium-4 Filled Nanopores",
       "authors": "Adrian Del Maestro", "allAuthors": ["Adrian Del Maestro"], "category": "cond-mat.mes-hall", "isFavourite": true, "isRecent": false,
       "abstractURL": "https://arxiv.org/abs/1201.4869v1", "pdfURL": "https://arxiv.org/pdf/1201.4869v1",
       "snippet": [{"text": "Inside ", "isMatch": false}, {"text": "Helium", "isMatch": true}, {"text": "-4 <i>pores</i>", "isMatch": false}]},
      {"shortID": "cond-mat/0412498", "id": "cond-mat/0412498", "date": "2004-12-17", "title": "Quantum critical transport & <b>bold</b> claims",
       "authors": "A. Del Maestro, S. Sachdev", "allAuthors": ["Adrian Del Maestro", "Subir Sachdev"], "category": "cond-mat.str-el", "isFavourite": false, "isRecent": false,
       "abstractURL": "https://arxiv.org/abs/cond-mat/0412498v2", "pdfURL": "https://arxiv.org/pdf/cond-mat/0412498v2",
       "snippet": [{"text": "transport of ", "isMatch": false}, {"text": "helium", "isMatch": true}]}
    ],
    "subject": {"librarySearch": {"_0": "helium"}}, "description": "helium",
    "range": {"first": 21, "last": 22, "total": 42, "totalIsLowerBound": false, "page": 2, "lastPage": 3, "pageSize": 20}}
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
            // Each title links to the paper's page, which links back to this page of the search.
            htmlPositions +=
                html.range(of: "href=\"/paper?id=\(row.id)&amp;q=helium&amp;page=2\"").map { [$0.lowerBound] } ?? []
            #expect(html.contains("\(row.shortID) · \(row.date) · \(row.category)"))
            #expect(html.contains("href=\"\(row.abstractURL)\"") && html.contains("href=\"\(row.pdfURL)\""))
            // Each author links to a search for everything by them.
            for author in row.allAuthors {
                #expect(html.contains("<a href=\"\(WebViews.authorSearch(author))\" class=\"author\">\(author)</a>"))
            }
        }
        #expect(text.hasPrefix("showing 21–22 of 42 for helium"))
        // The snippet: matched words marked, the rest text (its markup shown, not obeyed).
        #expect(html.contains("Inside <mark>Helium</mark>-4 &lt;i&gt;pores&lt;/i&gt;"))
        #expect(text.contains("Inside Helium-4 <i>pores</i>"))
        // Page 2 of 3 links to both neighbours, keeping the query.
        #expect(html.contains("<a href=\"/?q=helium&amp;page=1\" rel=\"prev\">"))
        #expect(html.contains("<a href=\"/?q=helium&amp;page=3\" rel=\"next\">"))
        #expect(html.contains("<ol class=\"papers\" start=\"21\">"))
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
