# expect: performance/string-concat-in-loop@5
def render_list(items):
    html = "<ul>"
    for item in items:
        html += f"<li>{item}</li>"
    return html + "</ul>"
