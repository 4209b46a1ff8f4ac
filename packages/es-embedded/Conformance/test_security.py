"""elasticsearch-py 8 and opensearch-py against `es-embedded serve --auth security-users.txt`:
credentials required, roles enforced, API keys created, used and invalidated, as on an
Elasticsearch 8 node with security on."""

import os
import unittest

from elasticsearch import AuthenticationException, AuthorizationException, Elasticsearch
from opensearchpy import OpenSearch

URL = os.environ["ES_SECURED_URL"]


class SecurityTests(unittest.TestCase):
    def setUp(self):
        self.admin = Elasticsearch(URL, basic_auth=("elastic", "changeme"), request_timeout=10)
        self.admin.options(ignore_status=404).indices.delete(index="logs-security")
        self.admin.indices.create(index="logs-security")
        self.admin.index(index="logs-security", id="1", document={"m": "hello"}, refresh=True)

    def tearDown(self):
        self.admin.options(ignore_status=404).indices.delete(index="logs-security")

    def test_requests_without_or_with_wrong_credentials_are_refused(self):
        with self.assertRaises(AuthenticationException) as missing:
            Elasticsearch(URL, request_timeout=10).info()
        self.assertEqual(missing.exception.meta.status, 401)
        self.assertEqual(missing.exception.body["error"]["type"], "security_exception")
        self.assertIn("Basic", missing.exception.meta.headers.get("WWW-Authenticate", ""))
        with self.assertRaises(AuthenticationException):
            Elasticsearch(URL, basic_auth=("reader", "wrong"), request_timeout=10).info()
        self.assertEqual(self.admin.security.authenticate()["username"], "elastic")

    def test_roles_allow_their_privileges_on_their_patterns(self):
        reader = Elasticsearch(URL, basic_auth=("reader", "reader-password"), request_timeout=10)
        self.assertEqual(reader.search(index="logs-security")["hits"]["total"]["value"], 1)
        with self.assertRaises(AuthorizationException) as forbidden:
            reader.index(index="logs-security", id="2", document={"m": "no"})
        self.assertEqual(forbidden.exception.meta.status, 403)
        self.assertIn("is unauthorized for user [reader]", forbidden.exception.body["error"]["reason"])
        writer = Elasticsearch(URL, basic_auth=("writer", "writer-password"), request_timeout=10)
        writer.index(index="logs-security", id="2", document={"m": "yes"}, refresh=True)
        with self.assertRaises(AuthorizationException):
            writer.indices.create(index="other-index")

    def test_api_keys_are_created_used_and_invalidated(self):
        key = self.admin.security.create_api_key(
            name="reading",
            role_descriptors={"r": {"indices": [{"names": ["logs-*"], "privileges": ["read"]}]}},
        )
        with_key = Elasticsearch(URL, api_key=key["encoded"], request_timeout=10)
        self.assertEqual(with_key.count(index="logs-security")["count"], 1)
        me = with_key.security.authenticate()
        self.assertEqual(me["authentication_type"], "api_key")
        self.assertEqual(me["api_key"]["name"], "reading")
        with self.assertRaises(AuthorizationException):
            with_key.index(index="logs-security", document={"m": "no"})
        invalidated = self.admin.security.invalidate_api_key(ids=[key["id"]])
        self.assertEqual(invalidated["invalidated_api_keys"], [key["id"]])
        with self.assertRaises(AuthenticationException):
            with_key.count(index="logs-security")

    def test_opensearch_py_with_basic_auth(self):
        client = OpenSearch(URL, http_auth=("reader", "reader-password"), timeout=10)
        self.assertEqual(client.count(index="logs-security")["count"], 1)


if __name__ == "__main__":
    unittest.main()
