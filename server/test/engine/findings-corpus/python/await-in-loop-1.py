# expect: performance/await-in-loop@9
import aiohttp


async def fetch_all(urls):
    results = []
    async with aiohttp.ClientSession() as session:
        for url in urls:
            resp = await session.get(url)
            results.append(await resp.text())
    return results
