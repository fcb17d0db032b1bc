# expect: best_practices/empty-catch@9
import json


def try_parse(text):
    result = None
    try:
        result = json.loads(text)
    except ValueError:
        ...
    return result
