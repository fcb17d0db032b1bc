# silent: performance/string-concat-in-loop
def print_table(rows):
    for row in rows:
        line = ""
        line += str(row[0]).ljust(20)
        print(line)
