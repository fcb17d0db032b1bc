# silent: best_practices/empty-catch
def parse_port(raw, default=8080):
    try:
        return int(raw)
    except ValueError:
        return default
