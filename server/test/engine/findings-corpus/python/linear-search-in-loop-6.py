# silent: performance/linear-search-in-loop
def tag_rows(rows, vip_emails):
    vip = set(vip_emails)
    for row in rows:
        row["vip"] = row["email"] in vip
    return rows
