# silent: security/unsafe-deserialization
import json


def load_cache(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)
