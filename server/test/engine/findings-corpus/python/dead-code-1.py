# expect: maintainability/dead-code@3
def export(records, writer):
    if False:
        print("debug:", records)
    for r in records:
        writer.write(r)
