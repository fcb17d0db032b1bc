# expect: security/code-injection@3
def make_getter(field):
    return eval("lambda obj: obj." + field)
