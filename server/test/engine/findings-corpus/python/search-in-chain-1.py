# expect: performance/search-in-chain@5


def active(users: list, active_ids: list[str]) -> list:
    return list(filter(lambda u: u.id in active_ids, users))
