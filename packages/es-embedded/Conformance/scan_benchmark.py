"""helpers.scan over HTTP: documents per second reading a whole index with scroll.

ES_URL=http://127.0.0.1:9200 .build/conformance/es8/bin/python Conformance/scan_benchmark.py [DOCUMENTS]
(start a release `es-embedded serve` first; the index `scan-benchmark` is made and deleted).
"""

import os
import sys
import time

from elasticsearch import Elasticsearch, helpers

URL = os.environ["ES_URL"]
COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
INDEX = "scan-benchmark"


def documents():
    for n in range(COUNT):
        yield {
            "_id": f"d{n}",
            "title": f"document number {n} of the scan benchmark",
            "tag": ["red", "green", "blue"][n % 3],
            "n": n,
            "published": f"2024-{1 + (n // 28) % 12:02d}-{1 + n % 28:02d}T10:00:00Z",
        }


def main():
    client = Elasticsearch(URL, request_timeout=120)
    client.options(ignore_status=404).indices.delete(index=INDEX)
    client.indices.create(index=INDEX, mappings={"properties": {"tag": {"type": "keyword"}, "n": {"type": "long"}}})
    start = time.perf_counter()
    helpers.bulk(client, documents(), index=INDEX, chunk_size=1000, refresh=True)
    bulk = time.perf_counter() - start
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        seen = sum(1 for _ in helpers.scan(client, index=INDEX, size=1000, scroll="1m"))
        elapsed = time.perf_counter() - start
        assert seen == COUNT, seen
        rates.append(COUNT / elapsed)
    client.indices.delete(index=INDEX)
    print(f"| helpers.bulk of {COUNT} documents (chunks of 1,000) | {COUNT / bulk:,.0f} docs/s |")
    print(f"| helpers.scan of {COUNT} documents (size 1,000) | median {sorted(rates)[1]:,.0f} docs/s of 3 runs |")


if __name__ == "__main__":
    main()
