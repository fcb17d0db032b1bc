# expect: security/code-injection@4
def apply_formula(formula, values):
    env = {"x": values[0], "y": values[1]}
    return eval(formula, {"__builtins__": {}}, env)
