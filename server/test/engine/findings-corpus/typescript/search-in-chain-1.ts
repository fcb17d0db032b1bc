// expect: performance/search-in-chain@4
export function activeUsers(users: { id: string }[], activeIds: string[]): { id: string }[] {
  const ids: string[] = [...activeIds];
  return users.filter((u) => ids.includes(u.id));
}
