"""The benchmark scripts' client of a Shoal gateway: a cookie-keeping caller that speaks CSRF, and
an OAuth bearer token obtained the way a client does (app, consent, code with PKCE S256).

    python3 scripts/bench_client.py PORT USERNAME SCOPE      prints an access token
"""
import base64
import hashlib
import http.cookiejar
import json
import sys
import urllib.parse
import urllib.request

REDIRECT = "urn:ietf:wg:oauth:2.0:oob"


class Caller:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, path, data=None, headers=None, form=False):
        body = None
        hdrs = dict(headers or {})
        if data is not None:
            body = urllib.parse.urlencode(data).encode() if form else json.dumps(data).encode()
            hdrs["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        csrf = next((c.value for c in self.jar if c.name == "csrftoken"), None)
        if csrf:
            hdrs["X-CSRFToken"] = csrf
        with self.opener.open(urllib.request.Request(self.base + path, body, hdrs)) as res:
            text = res.read()
            return json.loads(text) if text else None


def bearer_token(caller, username, password, scope):
    """Signs `username` in with the session, approves an app for `scope`, trades the code."""
    caller.call("/api/v1/instance/nodeinfo/2.1/")
    app = caller.call("/api/v1/oauth/apps/", {"name": "bench", "scopes": scope, "redirect_uris": REDIRECT})
    caller.call("/api/v1/users/login", {"username": username, "password": password}, form=True)
    verifier = "bench-verifier-" + "x" * 40
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    grant = caller.call(
        "/api/v1/oauth/authorize/",
        {"client_id": app["client_id"], "redirect_uri": REDIRECT, "response_type": "code", "scope": scope,
         "allow": "true", "code_challenge": challenge, "code_challenge_method": "S256"},
        {"X-Requested-With": "XMLHttpRequest"},
        form=True,
    )
    caller.jar.clear()
    tokens = caller.call(
        "/api/v1/oauth/token/",
        {"grant_type": "authorization_code", "code": grant["code"], "client_id": app["client_id"],
         "client_secret": app["client_secret"], "redirect_uri": REDIRECT, "code_verifier": verifier},
        form=True,
    )
    return tokens["access_token"]


if __name__ == "__main__":
    port, username, scope = sys.argv[1], sys.argv[2], sys.argv[3]
    print(bearer_token(Caller(port), username, "bench", scope))
