# expect: performance/linear-search-in-loop@6
STOP_WORDS = ["a", "an", "the", "of", "and"]


def keywords(text):
    return [w for w in text.lower().split() if w not in STOP_WORDS]
