"""A tiny JSON-over-HTTP client for the measuring scripts (standard library only)."""
import http.client
import json


def request(port, method, path, body=None, source="127.0.0.1", timeout=300):
    """Sends one request to qipan on 127.0.0.1:port from `source`; (status, JSON, headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    payload = json.dumps(body) if body is not None else None
    conn.request(method, path, body=payload, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, json.loads(data or b"null"), dict(response.getheaders())
