# expect: maintainability/magic-number@3
def shipping_cost(weight_kg):
    if weight_kg <= 5:
        return 4.99
    if weight_kg <= 20:
        return 9.99
    return 19.99
