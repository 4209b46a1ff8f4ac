"""A pytest plugin for run-client-suite: elasticsearch-py's REST API tests download the
clients' YAML test suite as a zip from GitHub when their module is imported; with no network,
this plugin answers that one request with a zip made from a local checkout of
elasticsearch-clients-tests (CLIENT_TESTS_DIR). Every other request goes out unchanged.
"""

import io
import os
import zipfile

import urllib3


def _zip_of(directory):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for root, _, files in os.walk(os.path.join(directory, "tests")):
            for name in sorted(files):
                path = os.path.join(root, name)
                # The loader expects one top folder, as GitHub's zipballs have.
                archive.write(path, os.path.join("clients-tests", os.path.relpath(path, directory)))
    return buffer.getvalue()


def pytest_configure(config):
    directory = os.environ.get("CLIENT_TESTS_DIR")
    if not directory:
        return
    data = _zip_of(directory)
    original = urllib3.PoolManager.request

    def request(self, method, url, *args, **kwargs):
        if "api.github.com/repos/elastic/elasticsearch-clients-tests/zipball/" in url:
            return urllib3.HTTPResponse(body=io.BytesIO(data), status=200, preload_content=True)
        return original(self, method, url, *args, **kwargs)

    urllib3.PoolManager.request = request
