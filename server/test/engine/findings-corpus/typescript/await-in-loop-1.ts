// expect: performance/await-in-loop@5
export async function loadProfiles(ids: string[], api: { get(id: string): Promise<unknown> }) {
  const profiles: unknown[] = [];
  for (const id of ids) {
    profiles.push(await api.get(id));
  }
  return profiles;
}
