// silent: performance/await-in-loop
async function saveAll(repo, items) {
  await Promise.all(items.map((item) => repo.save(item)));
}
