# expect: maintainability/magic-number@3
def classify_load(cpu_percent):
    if cpu_percent > 85:
        return "overloaded"
    return "ok"
