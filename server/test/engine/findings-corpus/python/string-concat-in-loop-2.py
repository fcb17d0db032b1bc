# silent: performance/string-concat-in-loop
def render_csv(rows):
    lines = []
    for row in rows:
        lines.append(",".join(str(c) for c in row))
    return "\n".join(lines) + "\n"
