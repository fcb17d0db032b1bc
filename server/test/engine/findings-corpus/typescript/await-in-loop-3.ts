// silent: performance/await-in-loop
export async function warmCaches(keys: string[], load: (k: string) => Promise<void>): Promise<void> {
  await Promise.allSettled(keys.map((k) => load(k)));
}
