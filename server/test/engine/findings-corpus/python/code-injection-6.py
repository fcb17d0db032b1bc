# silent: security/code-injection
def warn_unsafe(user_input):
    print("never call eval(" + repr(user_input) + ") on request data")
    return len(user_input)
