# expect: best_practices/resource-leak@6
import json


def read_config(path):
    fh = open(path)
    data = json.load(fh)
    return data["settings"]
