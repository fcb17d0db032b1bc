# silent: maintainability/dead-code
DEBUG = False


def export(records, writer):
    if DEBUG:
        print("debug:", records)
    for r in records:
        writer.write(r)
