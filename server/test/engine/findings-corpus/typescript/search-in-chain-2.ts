// silent: performance/search-in-chain
export function activeUsers(users: { id: string }[], activeIds: string[]): { id: string }[] {
  const ids = new Set(activeIds);
  return users.filter((u) => ids.has(u.id));
}
