# expect: performance/string-concat-in-loop@5
def indent_block(lines, prefix):
    block = ""
    for line in lines:
        block = block + prefix + line + "\n"
    return block
