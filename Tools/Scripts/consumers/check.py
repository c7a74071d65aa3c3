"""Reads papers' exports and digest with real consumers and checks them against the source feeds.

Usage: check.py FORMAT EXPORT SOURCE... where FORMAT is csl-json, ris, bibtex or atom and each
SOURCE is an arXiv RSS feed, an OAI-PMH page (metadataPrefix arXiv) or an arXiv API (Atom)
page the library was filled from. Every record of the export must be a paper of the sources, with the same id, title,
authors (family names: the OAI keyname, else the name's last word) and DOI (the source's, else
arXiv's DataCite DOI). Prints one line per failure and exits 1 if there is any.
"""

import json
import re
import sys
import xml.etree.ElementTree as ET

OAI = "{http://arxiv.org/OAI/arXiv/}"
ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"
DC = "{http://purl.org/dc/elements/1.1/}"


def collapse(text):
    return " ".join((text or "").split())


def letters(text):
    """A title reduced to letters and digits: what survives every format's escaping."""
    text = re.sub(
        r"\\(textasciitilde|textasciicircum|textbackslash|textbraceleft|textbraceright|lbrace|rbrace)\{\}", "", text or ""
    )
    return re.sub(r"[^0-9A-Za-z]", "", text)


def sources(paths):
    papers = {}
    for path in paths:
        root = ET.parse(path).getroot()
        for item in root.iter("item"):
            paper_id = item.findtext("link").rsplit("/abs/", 1)[1]
            creators = collapse(item.findtext(DC + "creator"))
            # Affiliations come in parentheses after a name: `Ada Lovelace (Cambridge)`.
            creators = re.sub(r"\s*\([^()]*\)", "", creators)
            names = [n.strip() for n in creators.split(",") if n.strip()]
            papers[paper_id] = {
                "title": collapse(item.findtext("title")),
                "families": [n.split(" ")[-1] for n in names],
                "doi": collapse(item.findtext(ARXIV + "DOI")) or None,
            }
        for record in root.iter(OAI + "arXiv"):
            paper_id = record.findtext(OAI + "id")
            families = [collapse(a.findtext(OAI + "keyname")) for a in record.iter(OAI + "author")]
            papers[paper_id] = {
                "title": collapse(record.findtext(OAI + "title")),
                "families": families,
                "doi": collapse(record.findtext(OAI + "doi")).split(" ")[0] or None,
            }
        for entry in root.iter(ATOM + "entry"):
            paper_id = re.sub(r"v\d+$", "", collapse(entry.findtext(ATOM + "id")).rsplit("/abs/", 1)[-1])
            names = [collapse(author.findtext(ATOM + "name")) for author in entry.iter(ATOM + "author")]
            primary = entry.find(ARXIV + "primary_category")
            papers[paper_id] = {
                "title": collapse(entry.findtext(ATOM + "title")),
                "families": [n.split(" ")[-1] for n in names],
                "doi": collapse(entry.findtext(ARXIV + "doi")) or None,
                "category": primary.get("term") if primary is not None else None,
                "journal": collapse(entry.findtext(ARXIV + "journal_ref")) or None,
            }
    return papers


def expected_doi(paper_id, paper):
    return paper["doi"] or "10.48550/arXiv." + paper_id


failures = []

EVERY_AUTHOR_STYLE = """<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Every author</title><id>every-author</id><updated>2026-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography>
    <layout suffix=".">
      <names variable="author"><name name-as-sort-order="all" sort-separator=", " delimiter="; "/></names>
      <date variable="issued" prefix=" (" suffix=")"><date-part name="year"/></date>
      <text variable="title" prefix=" "/>
      <text variable="publisher" prefix=". "/>
      <text variable="number" prefix=" "/>
      <text variable="DOI" prefix=". doi:"/>
    </layout>
  </bibliography>
</style>
"""


def source_of(paper_id, papers):
    """The source paper with `paper_id`, or None after noting the failure."""
    paper = papers.get(paper_id)
    if paper is None:
        failures.append(f"{paper_id}: not a paper of the sources")
    return paper


def check(paper_id, field, got, want):
    if got != want:
        failures.append(f"{paper_id}: {field}: got {got!r}, want {want!r}")


def check_csl(path, papers):
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    items = json.load(open(path, encoding="utf-8"))
    source = CiteProcJSON(items)
    # A CSL style that names every author (published styles cut long lists to "et al."): the
    # bibliography must then show each paper's authors, title and DOI.
    style_path = path + ".csl"
    open(style_path, "w", encoding="utf-8").write(EVERY_AUTHOR_STYLE)
    style = CitationStylesStyle(style_path, validate=False)
    bibliography = CitationStylesBibliography(style, source, formatter.plain)
    for item in items:
        bibliography.register(Citation([CitationItem(item["id"])]))
    rendered = [str(entry) for entry in bibliography.bibliography()]
    if len(rendered) != len(items):
        failures.append(f"citeproc rendered {len(rendered)} entries for {len(items)} items")
    text = "\n".join(rendered)
    for item in items:
        paper_id = item["number"].removeprefix("arXiv:")
        paper = source_of(paper_id, papers)
        if paper is None:
            continue
        check(paper_id, "title", letters(item["title"]), letters(paper["title"]))
        check(paper_id, "families", [a["family"] for a in item["author"]], paper["families"])
        check(paper_id, "DOI", item["DOI"], expected_doi(paper_id, paper))
        # The bibliography itself names every author and the title.
        for family in paper["families"]:
            if family not in text:
                failures.append(f"{paper_id}: citeproc's bibliography lacks the author {family!r}")
        if letters(paper["title"])[:40] not in letters(text):
            failures.append(f"{paper_id}: citeproc's bibliography lacks the title")
        if expected_doi(paper_id, paper) not in text:
            failures.append(f"{paper_id}: citeproc's bibliography lacks the DOI")
    return len(items)


def check_ris(path, papers):
    import rispy

    entries = rispy.load(open(path, encoding="utf-8", newline=""))
    for entry in entries:
        paper_id = entry["accession_number"].removeprefix("arXiv:")
        paper = source_of(paper_id, papers)
        if paper is None:
            continue
        check(paper_id, "type", entry["type_of_reference"], "UNPB")
        check(paper_id, "title", letters(entry["title"]), letters(paper["title"]))
        check(paper_id, "families", [a.split(",")[0] for a in entry["authors"]], paper["families"])
        check(paper_id, "DOI", entry["doi"], expected_doi(paper_id, paper))
        if not entry.get("keywords"):
            failures.append(f"{paper_id}: no keywords")
    return len(entries)


def check_bibtex(path, papers):
    import bibtexparser

    text = open(path, encoding="utf-8").read()
    library = bibtexparser.parse_string(text)
    if library.failed_blocks:
        failures.append(f"bibtexparser failed on {len(library.failed_blocks)} blocks")
    for entry in library.entries:
        fields = {field.key: field.value for field in entry.fields}
        paper_id = unquote(fields["eprint"])
        paper = source_of(paper_id, papers)
        if paper is None:
            continue
        check(paper_id, "title", letters(fields["title"]), letters(paper["title"]))
        check(paper_id, "authors", len(names(fields["author"])), len(paper["families"]))
        check(paper_id, "DOI", unquote(fields["doi"]), expected_doi(paper_id, paper))
    check_pybtex(text, papers, len(library.entries))
    return len(library.entries)


def names(field):
    """The names of an author field: split at ` and ` outside braces, as BibTeX splits them."""
    parts, depth, start, index = [], 0, 0, 0
    while index < len(field):
        if field[index] == "{":
            depth += 1
        elif field[index] == "}":
            depth -= 1
        elif depth == 0 and field[index : index + 5].lower() == " and ":
            parts.append(field[start:index])
            start = index + 5
            index += 4
        index += 1
    return parts + [field[start:]]


def check_pybtex(text, papers, count):
    """pybtex, in strict mode, counts braces as BibTeX does and refuses a repeated field: it must
    read every entry with every field the source gives, and the verbatim fields as they came."""
    import pybtex.errors
    from pybtex.database import parse_string

    pybtex.errors.set_strict_mode(True)
    try:
        data = parse_string(text, "bibtex")
    except Exception as error:  # pybtex raises its own errors and the tokenizer's
        failures.append(f"pybtex refused the file: {error}")
        return
    check("pybtex", "entries", len(data.entries), count)
    for key, entry in data.entries.items():
        fields = {name.lower(): value for name, value in entry.fields.items()}
        paper_id = unquote(fields.get("eprint", ""))
        paper = source_of(paper_id, papers)
        if paper is None:
            continue
        want = {"title", "year", "eprint", "archiveprefix", "primaryclass", "doi", "url"}
        got = set(fields)
        if paper.get("journal"):
            want.add("note")
        elif "journal" not in paper:
            got.discard("note")  # the RSS and OAI sources here do not say whether there is a journal
        check(paper_id, "pybtex fields", sorted(got), sorted(want))
        check(paper_id, "pybtex authors", len(entry.persons.get("author", [])), len(paper["families"]))
        check(paper_id, "pybtex DOI", unquote(fields.get("doi", "")), expected_doi(paper_id, paper))
        if paper.get("category"):
            check(paper_id, "pybtex primaryClass", unquote(fields.get("primaryclass", "")), paper["category"])
        check(paper_id, "pybtex title", letters(fields.get("title", "")), letters(paper["title"]))
        if paper.get("journal"):
            check(paper_id, "pybtex note", letters(fields.get("note", "")), letters(paper["journal"]))


def unquote(text):
    """A verbatim field as it came: papers percent-encodes what would end the field."""
    from urllib.parse import unquote as percent

    return percent(text)


def check_atom(path, papers):
    import feedparser

    feed = feedparser.parse(path)
    if feed.bozo:
        failures.append(f"feedparser: bozo: {feed.bozo_exception}")
    if not feed.feed.get("id") or not feed.feed.get("updated"):
        failures.append("the feed lacks an id or updated")
    ids = set()
    for entry in feed.entries:
        paper_id = re.sub(r"v\d+$", "", entry.id.rsplit("/abs/", 1)[-1])
        if entry.id in ids:
            failures.append(f"{entry.id}: listed twice")
        ids.add(entry.id)
        paper = source_of(paper_id, papers)
        if paper is None:
            continue
        check(paper_id, "title", letters(entry.title), letters(paper["title"]))
        if not entry.get("updated"):
            failures.append(f"{paper_id}: no updated")
        hrefs = [link.href for link in entry.links]
        if not any("/abs/" + paper_id in href for href in hrefs) or not any("/pdf/" + paper_id in href for href in hrefs):
            failures.append(f"{paper_id}: links {hrefs} lack the abstract page or the PDF")
    return len(feed.entries)


def main():
    form, path, *paths = sys.argv[1:]
    papers = sources(paths)
    checker = {"csl-json": check_csl, "ris": check_ris, "bibtex": check_bibtex, "atom": check_atom}[form]
    count = checker(path, papers)
    for failure in failures[:20]:
        print(failure)
    print(f"{form}: {count} records checked, {len(failures)} failures")
    sys.exit(1 if failures or count == 0 else 0)


main()
