"""The official elasticsearch-py 8.x client against es-embedded (or any Elasticsearch 8 at ES_URL).

Every test states what an Elasticsearch 8.15 node answers; run with ./run-python-clients.
"""

import os
import unittest
import uuid

from elasticsearch import (
    ApiError,
    BadRequestError,
    ConflictError,
    Elasticsearch,
    NotFoundError,
    helpers,
)

URL = os.environ["ES_URL"]

MAPPING = {
    "properties": {
        "title": {"type": "text"},
        "tag": {"type": "keyword"},
        "n": {"type": "long"},
        "published": {"type": "date"},
    }
}


def documents(count):
    """Generated documents: n 0..count-1, three tags, a publication date a day apart."""
    for n in range(count):
        yield {
            "_id": f"d{n}",
            "title": f"document number {n}",
            "tag": ["red", "green", "blue"][n % 3],
            "n": n,
            "published": f"2024-{1 + (n // 28) % 12:02d}-{1 + n % 28:02d}T10:00:00Z",
        }


class ElasticsearchClientTests(unittest.TestCase):
    def setUp(self):
        self.client = Elasticsearch(URL, request_timeout=10)
        self.index = f"conformance-{uuid.uuid4().hex[:10]}"
        self.client.indices.create(index=self.index, mappings=MAPPING)

    def tearDown(self):
        # Elasticsearch 8 refuses wildcards in deletes (action.destructive_requires_name).
        names = self.client.indices.get(index=f"{self.index}*").body.keys()
        self.client.indices.delete(index=",".join(names))
        self.client.close()

    def seed(self, count):
        ok, errors = helpers.bulk(self.client, documents(count), index=self.index, refresh=True)
        self.assertEqual(ok, count)
        self.assertEqual(errors, [])

    def error_type(self, error):
        return error.body["error"]["type"]

    # Documents

    def test_info_reports_an_elasticsearch_8_node(self):
        info = self.client.info()
        self.assertTrue(info["version"]["number"].startswith("8."))
        self.assertEqual(info["tagline"], "You Know, for Search")

    def test_index_get_update_delete(self):
        created = self.client.index(index=self.index, id="1", document={"title": "a", "n": 1})
        self.assertEqual(created["result"], "created")
        self.assertEqual(created["_version"], 1)
        got = self.client.get(index=self.index, id="1")
        self.assertEqual(got["_source"], {"title": "a", "n": 1})
        self.assertTrue(self.client.exists(index=self.index, id="1"))

        updated = self.client.update(index=self.index, id="1", doc={"n": 2})
        self.assertEqual(updated["result"], "updated")
        self.assertEqual(updated["_version"], 2)
        noop = self.client.update(index=self.index, id="1", doc={"n": 2})
        self.assertEqual(noop["result"], "noop")
        forced = self.client.update(index=self.index, id="1", doc={"n": 2}, detect_noop=False)
        self.assertEqual(forced["result"], "updated")
        self.assertEqual(forced["_version"], 3)

        deleted = self.client.delete(index=self.index, id="1")
        self.assertEqual(deleted["result"], "deleted")
        with self.assertRaises(NotFoundError) as missing:
            self.client.get(index=self.index, id="1")
        self.assertEqual(missing.exception.body["found"], False)
        with self.assertRaises(NotFoundError):
            self.client.delete(index=self.index, id="1")
        self.assertFalse(self.client.exists(index=self.index, id="1"))

    def test_create_conflict_and_missing_update(self):
        self.client.create(index=self.index, id="1", document={"n": 1})
        with self.assertRaises(ConflictError) as conflict:
            self.client.create(index=self.index, id="1", document={"n": 1})
        self.assertEqual(self.error_type(conflict.exception), "version_conflict_engine_exception")
        self.assertEqual(
            conflict.exception.body["error"]["reason"],
            "[1]: version conflict, document already exists (current version [1])",
        )
        with self.assertRaises(NotFoundError) as missing:
            self.client.update(index=self.index, id="2", doc={"n": 2})
        self.assertEqual(self.error_type(missing.exception), "document_missing_exception")

    def test_bulk_helper_and_per_item_errors(self):
        self.seed(250)
        self.assertEqual(self.client.count(index=self.index)["count"], 250)
        with self.assertRaises(helpers.BulkIndexError) as failed:
            helpers.bulk(
                self.client,
                [{"_id": "bad", "n": "not a number"}, {"_op_type": "create", "_id": "d1", "n": 1}],
                index=self.index,
            )
        errors = failed.exception.errors
        self.assertEqual(len(errors), 2)
        self.assertEqual(errors[0]["index"]["error"]["type"], "document_parsing_exception")
        self.assertEqual(errors[1]["create"]["status"], 409)

    def test_bulk_op_type_in_action_metadata(self):
        response = self.client.bulk(
            operations=[
                {"index": {"_index": self.index, "_id": "x", "op_type": "create"}},
                {"n": 1},
                {"index": {"_index": self.index, "_id": "x", "op_type": "create"}},
                {"n": 2},
            ]
        )
        self.assertTrue(response["errors"])
        self.assertEqual(response["items"][0]["create"]["result"], "created")
        self.assertEqual(response["items"][1]["create"]["status"], 409)

    # Searching

    def test_search_after_with_a_point_in_time_reads_every_document_once(self):
        self.seed(230)
        pit = self.client.open_point_in_time(index=self.index, keep_alive="1m")["id"]
        # Documents indexed after the point in time was opened are not seen through it.
        self.client.index(index=self.index, id="late", document={"n": 1000}, refresh=True)
        seen, after = [], None
        while True:
            page = self.client.search(
                pit={"id": pit, "keep_alive": "1m"},
                size=50,
                sort=[{"n": "desc"}],
                search_after=after,
            )
            hits = page["hits"]["hits"]
            if not hits:
                break
            seen.extend(hit["_id"] for hit in hits)
            after = hits[-1]["sort"]
            self.assertEqual(len(after), 2, "the implicit _shard_doc tiebreaker is in the sort values")
            pit = page["pit_id"]
        self.assertEqual(seen, [f"d{n}" for n in reversed(range(230))])
        closed = self.client.close_point_in_time(id=pit)
        self.assertEqual(closed.body, {"succeeded": True, "num_freed": 1})

    def test_scan_helper_reads_every_document_with_scroll(self):
        self.seed(1234)
        ids = {hit["_id"] for hit in helpers.scan(self.client, index=self.index, size=100)}
        self.assertEqual(len(ids), 1234)
        ordered = [
            hit["_source"]["n"]
            for hit in helpers.scan(
                self.client,
                index=self.index,
                query={"query": {"term": {"tag": "red"}}, "sort": [{"n": "asc"}]},
                size=100,
                preserve_order=True,
            )
        ]
        self.assertEqual(ordered, list(range(0, 1234, 3)))

    def test_aggregations_with_sub_aggregations(self):
        self.seed(90)
        response = self.client.search(
            index=self.index,
            size=0,
            aggs={
                "tags": {
                    "terms": {"field": "tag", "order": {"_key": "asc"}},
                    "aggs": {"top": {"max": {"field": "n"}}},
                },
                "months": {
                    "date_histogram": {"field": "published", "calendar_interval": "month"},
                },
                "stats": {"stats": {"field": "n"}},
            },
        )
        self.assertEqual(response["hits"]["hits"], [])
        buckets = response["aggregations"]["tags"]["buckets"]
        self.assertEqual(
            [(b["key"], b["doc_count"], b["top"]["value"]) for b in buckets],
            [("blue", 30, 89.0), ("green", 30, 88.0), ("red", 30, 87.0)],
        )
        months = response["aggregations"]["months"]["buckets"]
        self.assertEqual(
            [(b["key_as_string"], b["doc_count"]) for b in months],
            [
                ("2024-01-01T00:00:00.000Z", 28),
                ("2024-02-01T00:00:00.000Z", 28),
                ("2024-03-01T00:00:00.000Z", 28),
                ("2024-04-01T00:00:00.000Z", 6),
            ],
        )
        self.assertEqual(response["aggregations"]["stats"]["sum"], 4005.0)

    def test_count_mget_and_msearch(self):
        self.seed(30)
        self.assertEqual(self.client.count(index=self.index, query={"term": {"tag": "red"}})["count"], 10)
        docs = self.client.mget(index=self.index, ids=["d1", "missing"])["docs"]
        self.assertEqual(docs[0]["_source"]["n"], 1)
        self.assertEqual(docs[1], {"_index": self.index, "_id": "missing", "found": False})
        responses = self.client.msearch(
            searches=[
                {"index": self.index},
                {"query": {"term": {"tag": "green"}}, "size": 0},
                {"index": "no-such-index"},
                {"query": {"match_all": {}}},
            ]
        )["responses"]
        self.assertEqual(responses[0]["hits"]["total"], {"value": 10, "relation": "eq"})
        self.assertEqual(responses[0]["status"], 200)
        self.assertEqual(responses[1]["error"]["type"], "index_not_found_exception")
        self.assertEqual(responses[1]["status"], 404)

    # By-query APIs and reindex

    def test_delete_by_query(self):
        self.seed(30)
        response = self.client.delete_by_query(
            index=self.index, query={"term": {"tag": "red"}}, refresh=True
        )
        self.assertEqual(response["deleted"], 10)
        self.assertEqual(response["total"], 10)
        self.assertEqual(response["version_conflicts"], 0)
        self.assertEqual(response["failures"], [])
        self.assertNotIn("updated", response)
        self.assertEqual(self.client.count(index=self.index)["count"], 20)

    def test_delete_by_query_version_conflicts(self):
        self.client.indices.delete(index=self.index)
        self.client.indices.create(
            index=self.index, mappings=MAPPING, settings={"index": {"refresh_interval": "-1"}}
        )
        self.seed(3)
        # Changed after the last refresh: the by-query write finds another version than its search.
        self.client.index(index=self.index, id="d0", document={"n": 100, "tag": "red"})
        proceed = self.client.delete_by_query(
            index=self.index, query={"match_all": {}}, conflicts="proceed"
        )
        self.assertEqual((proceed["deleted"], proceed["version_conflicts"]), (2, 1))
        self.assertEqual(proceed["failures"], [])
        # Still unrefreshed: all three documents the search finds are stale now.
        with self.assertRaises(ConflictError) as conflict:
            self.client.delete_by_query(index=self.index, query={"match_all": {}})
        body = conflict.exception.body
        self.assertEqual((body["deleted"], body["version_conflicts"], body["total"]), (0, 3, 3))
        failure = body["failures"][0]
        self.assertEqual(failure["status"], 409)
        self.assertEqual(failure["cause"]["type"], "version_conflict_engine_exception")
        self.assertEqual(
            sorted(f["cause"]["reason"] for f in body["failures"])[0],
            "[d0]: version conflict, required seqNo [0], primary term [1]. current document has seqNo [3] and primary term [1]",
        )

    def test_update_by_query_with_and_without_a_script(self):
        self.seed(12)
        response = self.client.update_by_query(
            index=self.index, query={"range": {"n": {"gte": 6}}}, refresh=True
        )
        self.assertEqual((response["total"], response["updated"], response["noops"]), (6, 6, 0))
        self.assertEqual(self.client.get(index=self.index, id="d7")["_version"], 2)
        response = self.client.update_by_query(
            index=self.index,
            query={"term": {"tag": "red"}},
            script={"source": "ctx._source.n += params.by", "lang": "painless", "params": {"by": 100}},
            refresh=True,
        )
        self.assertEqual(response["updated"], 4)
        self.assertEqual(self.client.get(index=self.index, id="d3")["_source"]["n"], 103)
        with self.assertRaises(BadRequestError) as scripted:
            self.client.update_by_query(index=self.index, script={"source": "ctx._source.n += ("})
        self.assertEqual(self.error_type(scripted.exception), "script_exception")

    def test_reindex_with_an_alias_swap(self):
        self.seed(40)
        target = f"{self.index}-v2"
        self.client.indices.create(index=target, mappings=MAPPING)
        response = self.client.reindex(
            source={"index": self.index, "query": {"term": {"tag": "blue"}}},
            dest={"index": target},
            refresh=True,
        )
        self.assertEqual((response["total"], response["created"], response["updated"]), (13, 13, 0))
        again = self.client.reindex(
            source={"index": self.index}, dest={"index": target, "op_type": "create"},
            conflicts="proceed", refresh=True,
        )
        self.assertEqual((again["created"], again["version_conflicts"]), (27, 13))
        limited = self.client.reindex(
            source={"index": self.index}, dest={"index": f"{self.index}-v3"}, max_docs=5, refresh=True
        )
        self.assertEqual(limited["created"], 5)
        self.client.indices.update_aliases(
            actions=[{"add": {"index": target, "alias": f"{self.index}-current"}}]
        )
        self.assertEqual(self.client.count(index=f"{self.index}-current")["count"], 40)

    def test_reindex_helper(self):
        self.seed(50)
        target = f"{self.index}-copy"
        ok, errors = helpers.reindex(self.client, self.index, target, chunk_size=20)
        self.assertEqual((ok, errors), (50, 0))
        self.client.indices.refresh(index=target)
        self.assertEqual(self.client.count(index=target)["count"], 50)

    # Errors

    def test_errors_carry_elasticsearch_types(self):
        with self.assertRaises(NotFoundError) as missing:
            self.client.search(index="no-such-index")
        self.assertEqual(self.error_type(missing.exception), "index_not_found_exception")
        with self.assertRaises(BadRequestError) as exists:
            self.client.indices.create(index=self.index)
        self.assertEqual(self.error_type(exists.exception), "resource_already_exists_exception")
        with self.assertRaises(BadRequestError) as unknown:
            self.client.search(index=self.index, query={"nope": {}})
        self.assertEqual(self.error_type(unknown.exception), "parsing_exception")
        with self.assertRaises(BadRequestError) as changed:
            self.client.indices.put_mapping(index=self.index, properties={"n": {"type": "keyword"}})
        self.assertEqual(self.error_type(changed.exception), "illegal_argument_exception")
        with self.assertRaises(BadRequestError) as fielddata:
            self.client.search(index=self.index, aggs={"t": {"terms": {"field": "title"}}})
        self.assertEqual(self.error_type(fielddata.exception), "search_phase_execution_exception")

    def test_alias_routing_is_reported_as_index_and_search_routing(self):
        self.client.indices.put_alias(index=self.index, name=f"{self.index}-r", routing="1")
        aliases = self.client.indices.get_alias(index=self.index)
        alias = aliases[self.index]["aliases"][f"{self.index}-r"]
        self.assertEqual(alias, {"index_routing": "1", "search_routing": "1"})

    def test_full_text_queries(self):
        self.seed(30)
        hits = lambda response: [hit["_id"] for hit in response["hits"]["hits"]]
        phrase = self.client.search(index=self.index, query={"match_phrase": {"title": "number 7"}})
        self.assertEqual(hits(phrase), ["d7"])
        sloppy = self.client.search(
            index=self.index, query={"match_phrase": {"title": {"query": "document 7", "slop": 1}}}
        )
        self.assertEqual(hits(sloppy), ["d7"])
        multi = self.client.search(
            index=self.index, query={"multi_match": {"query": "blue", "fields": ["title", "tag^2"]}}, size=30
        )
        # A keyword field sees the whole query as one term; equal scores keep index order.
        self.assertEqual(multi["hits"]["total"]["value"], 10)
        self.assertEqual(hits(multi)[0], "d2")
        prefix = self.client.search(index=self.index, query={"prefix": {"tag": "gr"}}, size=30)
        self.assertEqual(prefix["hits"]["total"]["value"], 10)
        fuzzy = self.client.search(
            index=self.index, query={"match": {"title": {"query": "nubmer 12", "fuzziness": "AUTO", "operator": "and"}}}
        )
        self.assertEqual(hits(fuzzy), ["d12"])
        simple = self.client.search(
            index=self.index, query={"simple_query_string": {"query": "blue +\"number 5\"", "fields": ["title", "tag"]}}
        )
        self.assertEqual(hits(simple), ["d5"])
        uri = self.client.search(index=self.index, q="tag:red AND n:3")
        self.assertEqual(hits(uri), ["d3"])
        scored = self.client.search(
            index=self.index,
            query={"function_score": {"query": {"term": {"tag": "red"}}, "field_value_factor": {"field": "n"}}},
        )
        self.assertEqual(hits(scored)[0], "d27")
        with self.assertRaises(BadRequestError) as unknown:
            self.client.search(index=self.index, query={"bool": {"must": [{"multi_match": {"query": "x", "type": "nope"}}]}})
        self.assertEqual(self.error_type(unknown.exception), "parse_exception")

    def test_highlight(self):
        self.seed(3)
        response = self.client.search(
            index=self.index,
            query={"match": {"title": "number"}},
            highlight={"fields": {"title": {}}, "pre_tags": ["["], "post_tags": ["]"]},
        )
        self.assertEqual(response["hits"]["hits"][0]["highlight"], {"title": ["document [number] 0"]})

    def test_inner_hits_of_a_nested_query(self):
        index = f"{self.index}-nested"
        self.client.indices.create(
            index=index, mappings={"properties": {"windows": {"type": "nested", "properties": {"country": {"type": "keyword"}}}}}
        )
        try:
            self.client.index(
                index=index, id="1", document={"windows": [{"country": "KE"}, {"country": "ZA"}, {"country": "KE"}]}, refresh=True
            )
            answer = self.client.search(
                index=index,
                query={"nested": {"path": "windows", "query": {"term": {"windows.country": "KE"}}, "inner_hits": {"name": "ke"}}},
            )
            inner = answer["hits"]["hits"][0]["inner_hits"]["ke"]["hits"]
            self.assertEqual(inner["total"]["value"], 2)
            self.assertEqual([hit["_nested"]["offset"] for hit in inner["hits"]], [0, 2])
            self.assertEqual(inner["hits"][1]["_source"], {"country": "KE"})
        finally:
            self.client.indices.delete(index=index)

    def test_settings_and_index_templates(self):
        self.client.indices.put_settings(index=self.index, settings={"index": {"number_of_replicas": 0}})
        settings = self.client.indices.get_settings(index=self.index)
        self.assertEqual(settings[self.index]["settings"]["index"]["number_of_replicas"], "0")
        with self.assertRaises(BadRequestError) as static:
            self.client.indices.put_settings(index=self.index, settings={"index": {"number_of_shards": 3}})
        self.assertEqual(self.error_type(static.exception), "illegal_argument_exception")
        name = f"{self.index}-template"
        self.client.indices.put_index_template(
            name=name,
            index_patterns=[f"{self.index}-t*"],
            priority=7,
            template={"mappings": {"properties": {"level": {"type": "keyword"}}}, "aliases": {f"{self.index}-all": {}}},
        )
        try:
            self.client.index(index=f"{self.index}-t1", id="1", document={"level": "info"}, refresh=True)
            mapping = self.client.indices.get_mapping(index=f"{self.index}-t1")
            self.assertEqual(mapping[f"{self.index}-t1"]["mappings"]["properties"]["level"], {"type": "keyword"})
            self.assertEqual(self.client.count(index=f"{self.index}-all")["count"], 1)
            templates = self.client.indices.get_index_template(name=name)
            self.assertEqual(templates["index_templates"][0]["index_template"]["priority"], 7)
        finally:
            self.client.indices.delete_index_template(name=name)
        with self.assertRaises(NotFoundError):
            self.client.indices.get_index_template(name=name)

    def test_http_compression(self):
        compressed = Elasticsearch(URL, request_timeout=10, http_compress=True)
        try:
            ok, _ = helpers.bulk(compressed, documents(200), index=self.index, refresh=True)
            self.assertEqual(ok, 200)
            self.assertEqual(compressed.count(index=self.index)["count"], 200)
            self.assertEqual(len(compressed.search(index=self.index, size=200)["hits"]["hits"]), 200)
        finally:
            compressed.close()




class ClientExpectationsTests(unittest.TestCase):
    """What the client relies on that an Elasticsearch 8 node does, seen through the client."""

    def setUp(self):
        self.client = Elasticsearch(URL, request_timeout=10)
        self.index = f"conformance-{uuid.uuid4().hex[:10]}"
        self.client.indices.create(index=self.index, mappings=MAPPING)

    def tearDown(self):
        self.client.indices.delete(index=self.index, ignore_unavailable=True)
        self.client.close()

    def test_answers_come_in_the_media_type_the_client_asked_for(self):
        response = self.client.count(index=self.index)
        self.assertEqual(
            response.meta.headers["content-type"], "application/vnd.elasticsearch+json;compatible-with=8"
        )

    def test_a_delete_ignoring_unavailable_indices_acknowledges_a_missing_one(self):
        response = self.client.indices.delete(index=f"{self.index}-missing", ignore_unavailable=True)
        self.assertEqual(response.body, {"acknowledged": True})

    def test_scripted_updates_and_upserts(self):
        self.client.index(index=self.index, id="1", document={"n": 1, "tag": "red"}, refresh=True)
        response = self.client.update(
            index=self.index, id="1", script={"source": "ctx._source.n += params.by", "params": {"by": 4}}
        )
        self.assertEqual(response["result"], "updated")
        self.assertEqual(self.client.get(index=self.index, id="1")["_source"]["n"], 5)
        counter = {"source": "ctx._source.n = (ctx._source.n ?: 0) + 1"}
        for expected in ("created", "updated"):
            response = self.client.update(index=self.index, id="c", script=counter, upsert={}, scripted_upsert=True)
            self.assertEqual(response["result"], expected)
        with self.assertRaises(BadRequestError) as failed:
            self.client.update(index=self.index, id="1", script="ctx._source.n = 1 / 0")
        self.assertEqual(failed.exception.body["error"]["caused_by"]["type"], "script_exception")

    def test_an_untracked_total_as_a_number_is_minus_one(self):
        self.client.index(index=self.index, id="1", document={"n": 1}, refresh=True)
        response = self.client.search(index=self.index, track_total_hits=False, rest_total_hits_as_int=True)
        self.assertEqual(response["hits"]["total"], -1)


class HarnessCleanupTests(unittest.TestCase):
    """The cleanup a test harness runs between tests against an Elasticsearch 8 cluster, through
    the client's own APIs: every snapshot repository, data stream, index and template deleted,
    cluster settings reset, pending tasks and a yellow cluster awaited. It empties the node it
    runs against: point ES_URL at a test node only."""

    def setUp(self):
        self.client = Elasticsearch(URL, request_timeout=10)

    def tearDown(self):
        self.client.close()

    def wipe(self):
        client = self.client
        for repository in client.snapshot.get_repository(name="_all").body:
            snapshots = client.snapshot.get(repository=repository, snapshot="_all")
            for snapshot in snapshots["snapshots"]:
                client.snapshot.delete(repository=repository, snapshot=snapshot["snapshot"])
            client.snapshot.delete_repository(name=repository)
        client.indices.delete_data_stream(name="*", expand_wildcards="all")
        for row in client.cat.indices(format="json", h="index", expand_wildcards="all").body:
            client.indices.delete(index=row["index"])
        for name in client.indices.get_template().body:
            client.indices.delete_template(name=name)
        for template in client.indices.get_index_template()["index_templates"]:
            client.indices.delete_index_template(name=template["name"])
        for template in client.cluster.get_component_template()["component_templates"]:
            client.cluster.delete_component_template(name=template["name"])
        client.cluster.put_settings(persistent={"*": None}, transient={"*": None})
        self.assertEqual(client.cluster.pending_tasks()["tasks"], [])
        health = client.cluster.health(wait_for_status="yellow", wait_for_no_relocating_shards=True)
        self.assertFalse(health["timed_out"])

    def test_a_harness_cleanup_empties_the_cluster(self):
        client = self.client
        client.snapshot.create_repository(
            name="backups", repository={"type": "fs", "settings": {"location": "/tmp/backups"}}
        )
        client.indices.put_template(name="legacy", index_patterns=["legacy-*"], order=1)
        client.cluster.put_component_template(name="shared", template={"settings": {"number_of_replicas": 0}})
        client.indices.put_index_template(name="logs", index_patterns=["logs-*"], composed_of=["shared"])
        client.indices.create(index="logs-harness")
        client.cluster.put_settings(persistent={"cluster.routing.allocation.enable": "primaries"})
        self.wipe()
        self.assertEqual(client.snapshot.get_repository().body, {})
        self.assertEqual(client.indices.get_template().body, {})
        self.assertEqual(client.indices.get_index_template()["index_templates"], [])
        self.assertEqual(client.cluster.get_component_template()["component_templates"], [])
        self.assertEqual(client.cat.indices(format="json").body, [])
        self.assertEqual(client.cluster.get_settings().body, {"persistent": {}, "transient": {}})

    def test_snapshot_repositories_fail_as_elasticsearch_fails_them(self):
        client = self.client
        with self.assertRaises(NotFoundError) as missing:
            client.snapshot.get_repository(name="nowhere")
        self.assertEqual(missing.exception.body["error"]["type"], "repository_missing_exception")
        with self.assertRaises(ApiError) as unknown:
            client.snapshot.create_repository(name="odd", repository={"type": "hdfs", "settings": {}})
        self.assertEqual(unknown.exception.meta.status, 500)
        self.assertEqual(unknown.exception.body["error"]["type"], "repository_exception")

    def test_templates_apply_at_index_creation(self):
        client = self.client
        client.indices.put_template(
            name="harness-legacy", index_patterns=["harness-*"], order=0, settings={"number_of_replicas": 0}
        )
        client.cluster.put_component_template(
            name="harness-mapping", template={"mappings": {"properties": {"at": {"type": "date"}}}}
        )
        client.indices.put_index_template(
            name="harness-composed", index_patterns=["harness-c-*"], composed_of=["harness-mapping"], priority=5
        )
        client.indices.create(index="harness-legacy-1")
        client.indices.create(index="harness-c-1")
        legacy = client.indices.get(index="harness-legacy-1")["harness-legacy-1"]
        self.assertEqual(legacy["settings"]["index"]["number_of_replicas"], "0")
        composed = client.indices.get(index="harness-c-1")["harness-c-1"]
        self.assertEqual(composed["mappings"]["properties"]["at"]["type"], "date")
        self.wipe()

    def test_analyze_with_an_index_analyzer_and_explain(self):
        client = self.client
        index = "harness-analysis"
        client.indices.create(
            index=index,
            settings={
                "analysis": {
                    "char_filter": {"no_amp": {"type": "mapping", "mappings": ["& => and"]}},
                    "analyzer": {
                        "titles": {"tokenizer": "standard", "char_filter": ["no_amp"], "filter": ["lowercase", "asciifolding"]}
                    },
                }
            },
            mappings={"properties": {"title": {"type": "text", "analyzer": "titles"}}},
        )
        try:
            tokens = client.indices.analyze(index=index, field="title", text="Café & Bar")["tokens"]
            self.assertEqual([t["token"] for t in tokens], ["cafe", "and", "bar"])
            self.assertEqual((tokens[0]["start_offset"], tokens[0]["end_offset"]), (0, 4))
            detail = client.indices.analyze(analyzer="standard", text="Hello", explain=True)["detail"]
            self.assertFalse(detail["custom_analyzer"])
            self.assertEqual(detail["analyzer"]["tokens"][0]["token"], "hello")
            with self.assertRaises(BadRequestError) as unknown:
                client.indices.analyze(tokenizer="nope", text="x")
            self.assertEqual(unknown.exception.body["error"]["reason"], "failed to find global tokenizer under [nope]")
            client.index(index=index, id="1", document={"title": "Café Society"}, refresh=True)
            self.assertEqual(client.count(index=index, query={"match": {"title": "CAFE"}})["count"], 1)
        finally:
            client.indices.delete(index=index)


if __name__ == "__main__":
    unittest.main()
