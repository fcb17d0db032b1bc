# expect: security/code-injection@4
def load_plugin(source_text, name):
    namespace = {}
    exec(source_text, namespace)
    return namespace[name]
