// silent: performance/await-in-loop
export async function pollUntilDone(
  job: { status(): Promise<string> },
  sleep: (ms: number) => Promise<void>,
) {
  for (let i = 0; i < 30; i++) {
    if ((await job.status()) === 'done') return true;
    await sleep(1000);
  }
  return false;
}
