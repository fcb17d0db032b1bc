# silent: best_practices/bare-except
import json


def load_settings(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError):
        return {}
