#!/usr/bin/env python3
"""Writes a synthetic arXiv metadata snapshot (JSON lines) whose shape follows the real data.

Usage: synthetic-snapshot.py COUNT OUT.jsonl [SEED]

Every distribution is sampled from recorded arXiv data in Tests/Fixtures, never invented:
- title and abstract lengths (in words), authors per paper, categories per paper, the primary
  category, licences, how often a DOI and a journal reference appear, and versions per paper:
  the 1,504 items of arXiv's daily feed of 28 Nov 2024 (arxiv-rss/rss_mock_feed.xml, all 20
  archives), each item's value drawn as a whole (so lengths and counts keep their joint spread);
- the words themselves: the feed's titles and abstracts, each word drawn with its frequency there
  (a Zipf-like vocabulary of about 25,000 words, so full-text postings are as skewed as arXiv's);
- author names: the feed's 8,000-odd distinct names;
- submission months: the ids of the feed's replaced papers (a new version of a paper from any
  year; it leans towards recent years, as arXiv's own growth does);
- versions per paper: the feed's `vN` (1 for new, N for a replacement).
Ids are unique new-style ids in those months, written in id order as arXiv's snapshot is. The
output is deterministic for a seed.
"""
import itertools, json, os, random, re, sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
feed_path = os.path.join(here, "..", "..", "..", "Tests", "Fixtures", "arxiv-rss", "rss_mock_feed.xml")
ARXIV = "{http://arxiv.org/schemas/atom}"
DC = "{http://purl.org/dc/elements/1.1/}"
WORD = re.compile(r"[A-Za-z][A-Za-z'-]+|\d+")


def load():
    items = []
    for item in ET.parse(feed_path).getroot().iter("item"):
        description = item.findtext("description") or ""
        abstract = description.split("Abstract: ", 1)[-1]
        guid = item.findtext("guid") or ""
        match = re.search(r"(\d{4})\.\d{4,5}v(\d+)$", guid)
        items.append({
            "title": " ".join((item.findtext("title") or "").split()),
            "abstract": " ".join(abstract.split()),
            "authors": [a.strip() for a in (item.findtext(f"{DC}creator") or "").split(",") if a.strip()],
            "categories": [c.text for c in item.findall("category")],
            "license": item.findtext(f"{DC}rights"),
            "doi": item.findtext(f"{ARXIV}DOI"),
            "journal": item.findtext(f"{ARXIV}journal_reference"),
            "type": item.findtext(f"{ARXIV}announce_type"),
            "month": match.group(1) if match else None,
            "versions": int(match.group(2)) if match else 1,
        })
    return items


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    items = load()
    frequencies = {}
    for item in items:
        for word in WORD.findall(item["title"] + " " + item["abstract"]):
            frequencies[word.lower()] = frequencies.get(word.lower(), 0) + 1
    vocabulary = list(frequencies)
    cumulative = list(itertools.accumulate(frequencies[w] for w in vocabulary))
    names = sorted({name for item in items for name in item["authors"]})
    months = sorted({item["month"] for item in items if item["type"] == "replace" and item["month"]})
    if count > 99_999 * len(months):
        sys.exit(f"synthetic-snapshot: at most {99_999 * len(months):,} papers fit the feed's {len(months)} months")
    month_pool = [item["month"] for item in items if item["type"] == "replace" and item["month"]]
    shapes = [(len(WORD.findall(i["title"])), len(WORD.findall(i["abstract"])), len(i["authors"]),
               i["categories"], i["license"], i["doi"] is not None, i["journal"] is not None, i["versions"])
              for i in items if i["authors"] and i["categories"]]
    sequence = {month: 0 for month in months}
    months_names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    # Words drawn once by frequency, then taken in runs from random places: the same skew, and
    # fast enough for millions of records (drawing word by word costs 7 minutes for 3 million).
    pool = rng.choices(vocabulary, cum_weights=cumulative, k=4_000_000)

    def words(k):
        start = rng.randrange(len(pool) - k)
        return " ".join(pool[start:start + k])

    # Each paper's month first, then the papers written month by month in id order, as arXiv's
    # own snapshot lists them (it starts at 0704.0001): a library's newest keys are its newest ids.
    for _ in range(count):
        month = rng.choice(month_pool)
        # A month holds at most 99,999 ids (five digits); a full one passes the paper to another.
        while sequence[month] >= 99_999:
            month = rng.choice(month_pool)
        sequence[month] += 1
    ids = (f"{month}.{number:05d}" for month in months for number in range(1, sequence[month] + 1))

    with open(out, "w", encoding="utf-8") as f:
        for paper_id in ids:
            month = paper_id[:4]
            title_words, abstract_words, author_count, categories, license, doi, journal, versions = rng.choice(shapes)
            year, mon = 2000 + int(month[:2]), int(month[2:])
            authors = [rng.choice(names) for _ in range(author_count)]
            record = {
                "id": paper_id,
                "submitter": authors[0],
                "authors": ", ".join(authors),
                "title": words(max(1, title_words)).capitalize(),
                "comments": None,
                "journal-ref": "J. Synth. %d (%d) %d" % (rng.randrange(1, 90), year, rng.randrange(1, 9999)) if journal else None,
                "doi": "10.1000/synthetic.%s" % paper_id if doi else None,
                "report-no": None,
                "categories": " ".join(categories),
                "license": license,
                "abstract": words(max(1, abstract_words)),
                "versions": [
                    {"version": f"v{v}", "created": "Mon, %02d %s %d 12:00:00 GMT" % (min(28, v * 3), months_names[mon - 1], year)}
                    for v in range(1, versions + 1)
                ],
                "update_date": "%d-%02d-%02d" % (year, mon, min(28, versions * 3)),
                "authors_parsed": [[a.split(" ")[-1], " ".join(a.split(" ")[:-1]), ""] for a in authors],
            }
            f.write(json.dumps(record, ensure_ascii=False))
            f.write("\n")


if __name__ == "__main__":
    main()
