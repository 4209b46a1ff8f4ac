"""The elasticsearch-py 9.x client against es-embedded (or any Elasticsearch 8 at ES_URL).

A 9.x client asks for compatible-with=9, which an Elasticsearch 8 node refuses.
"""

import os
import unittest

from elasticsearch import BadRequestError, Elasticsearch, helpers

URL = os.environ["ES_URL"]


class Elasticsearch9ClientTests(unittest.TestCase):
    def test_compatible_with_9_is_refused_as_by_an_8_node(self):
        client = Elasticsearch(URL, request_timeout=10)
        with self.assertRaises(BadRequestError) as refused:
            client.index(index="nine", id="1", document={"n": 1})
        error = refused.exception.body["error"]
        self.assertEqual(error["type"], "media_type_header_exception")
        self.assertEqual(error["reason"], "Invalid media-type value on headers [Accept, Content-Type]")
        self.assertTrue(
            error["caused_by"]["reason"].startswith(
                "Accept version must be either version 8 or 7, but found 9."
            ),
            error["caused_by"]["reason"],
        )
        client.close()

    def test_every_api_is_refused_bulk_included(self):
        # The client turns every Content-Type and Accept into compatible-with=9, whatever
        # headers it is given, so it cannot talk to an 8.x node at all.
        client = Elasticsearch(URL, request_timeout=10)
        with self.assertRaises(BadRequestError) as refused:
            helpers.bulk(client, [{"_index": "nine", "_id": "1", "n": 1}])
        self.assertEqual(refused.exception.body["error"]["type"], "media_type_header_exception")
        with self.assertRaises(BadRequestError):
            client.search(index="nine", query={"match_all": {}})
        client.close()


if __name__ == "__main__":
    unittest.main()
