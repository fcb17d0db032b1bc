# silent: maintainability/magic-number
OVERLOAD_PERCENT = 85


def classify_load(cpu_percent):
    if cpu_percent > OVERLOAD_PERCENT:
        return "overloaded"
    return "ok"
