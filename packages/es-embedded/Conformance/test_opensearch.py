"""The opensearch-py 3.2 client against es-embedded (or any Elasticsearch 8 at ES_URL)."""

import os
import unittest
import uuid

from opensearchpy import ConflictError, NotFoundError, OpenSearch, RequestError, helpers

URL = os.environ["ES_URL"]


class OpenSearchClientTests(unittest.TestCase):
    def setUp(self):
        self.client = OpenSearch(hosts=[URL], timeout=10)
        self.index = f"opensearch-{uuid.uuid4().hex[:10]}"
        self.client.indices.create(
            index=self.index,
            body={"mappings": {"properties": {"tag": {"type": "keyword"}, "n": {"type": "long"}}}},
        )

    def tearDown(self):
        self.client.indices.delete(index=self.index, ignore_unavailable=True)
        self.client.close()

    def test_documents_search_scan_and_aggregations(self):
        actions = ({"_id": str(n), "tag": "even" if n % 2 == 0 else "odd", "n": n} for n in range(300))
        ok, errors = helpers.bulk(self.client, actions, index=self.index, refresh=True)
        self.assertEqual((ok, errors), (300, []))
        self.assertEqual(self.client.get(index=self.index, id="7")["_source"]["n"], 7)
        response = self.client.search(
            index=self.index,
            body={
                "query": {"term": {"tag": "odd"}},
                "size": 3,
                "sort": [{"n": "desc"}],
                "aggs": {"tags": {"terms": {"field": "tag"}}},
            },
        )
        self.assertEqual([hit["_id"] for hit in response["hits"]["hits"]], ["299", "297", "295"])
        self.assertEqual(
            {b["key"]: b["doc_count"] for b in response["aggregations"]["tags"]["buckets"]}, {"odd": 150}
        )
        scanned = list(helpers.scan(self.client, index=self.index, size=64))
        self.assertEqual(len({hit["_id"] for hit in scanned}), 300)

    def test_errors(self):
        with self.assertRaises(NotFoundError) as missing:
            self.client.get(index=self.index, id="none")
        self.assertEqual(missing.exception.status_code, 404)
        self.client.create(index=self.index, id="1", body={"n": 1})
        with self.assertRaises(ConflictError) as conflict:
            self.client.create(index=self.index, id="1", body={"n": 1})
        self.assertEqual(conflict.exception.error, "version_conflict_engine_exception")
        with self.assertRaises(RequestError) as bad:
            self.client.search(index=self.index, body={"query": {"nope": {}}})
        self.assertEqual(bad.exception.error, "parsing_exception")


if __name__ == "__main__":
    unittest.main()
