# expect: performance/string-concat-in-loop@5
def render_csv(rows):
    out = ""
    for row in rows:
        out += ",".join(str(c) for c in row) + "\n"
    return out
