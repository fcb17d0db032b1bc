# silent: performance/linear-search-in-loop
def missing_ids(wanted, present):
    present_ids = {item["id"] for item in present}
    missing = []
    for w in wanted:
        if w not in present_ids:
            missing.append(w)
    return missing
