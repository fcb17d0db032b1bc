# expect: best_practices/bare-except@9
import json


def load_settings(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except:
        return {}
