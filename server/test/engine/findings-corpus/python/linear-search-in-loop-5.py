# silent: performance/linear-search-in-loop
STOP_WORDS = frozenset(["a", "an", "the", "of", "and"])


def keywords(text):
    return [w for w in text.lower().split() if w not in STOP_WORDS]
