# silent: performance/await-in-loop
import asyncio

import aiohttp


async def fetch_all(urls):
    async with aiohttp.ClientSession() as session:

        async def one(url):
            async with session.get(url) as resp:
                return await resp.text()

        return await asyncio.gather(*(one(u) for u in urls))
