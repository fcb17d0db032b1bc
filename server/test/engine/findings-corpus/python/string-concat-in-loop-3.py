# silent: performance/string-concat-in-loop
def total_size(files):
    total = 0
    for f in files:
        total += f.size
    return total
