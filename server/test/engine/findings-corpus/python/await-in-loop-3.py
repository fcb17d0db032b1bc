# silent: performance/await-in-loop
async def first_available(replicas):
    for replica in replicas:
        if await replica.ping():
            return replica
    return None
