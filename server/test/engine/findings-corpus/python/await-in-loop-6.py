# silent: performance/await-in-loop
import asyncio


async def polite_crawl(client, urls):
    pages = []
    for url in urls:
        pages.append(await client.get(url))
        await asyncio.sleep(1.0)  # the site allows one request a second
    return pages
