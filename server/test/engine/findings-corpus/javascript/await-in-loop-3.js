// silent: performance/await-in-loop
async function migrate(db, steps) {
  for await (const step of steps) {
    console.log('applying', step.name);
  }
  return db.version();
}
