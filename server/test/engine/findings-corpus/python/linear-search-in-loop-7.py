# expect: performance/linear-search-in-loop@4
def common_members(team_a, team_b):
    names_b = [m.name for m in team_b]
    return [m for m in team_a if m.name in names_b]
