# expect: performance/linear-search-in-loop@6
def dedupe(lines):
    seen = []
    out = []
    for line in lines:
        if line in seen:
            continue
        seen.append(line)
        out.append(line)
    return out
