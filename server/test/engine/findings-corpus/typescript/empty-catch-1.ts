// expect: best_practices/empty-catch@5
export async function tryUnlink(fs: { unlink(p: string): Promise<void> }, path: string): Promise<void> {
  try {
    await fs.unlink(path);
  } catch {}
}
