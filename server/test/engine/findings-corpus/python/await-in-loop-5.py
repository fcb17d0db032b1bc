# expect: performance/await-in-loop@5
async def download_pages(client, pages):
    items = []
    for page in range(1, pages + 1):
        resp = await client.get(f"/items?page={page}")
        items.extend(resp.json()["items"])
    return items
