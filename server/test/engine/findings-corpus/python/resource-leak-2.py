# silent: best_practices/resource-leak
import json


def read_config(path):
    with open(path) as fh:
        data = json.load(fh)
    return data["settings"]
