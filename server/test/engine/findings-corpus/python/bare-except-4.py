# silent: best_practices/bare-except
def to_int(value):
    try:
        return int(value)
    except Exception:
        return None
