// expect: performance/await-in-loop@4
async function saveAll(repo, items) {
  for (const item of items) {
    await repo.save(item);
  }
}
