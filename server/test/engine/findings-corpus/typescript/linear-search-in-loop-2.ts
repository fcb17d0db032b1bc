// silent: performance/linear-search-in-loop
const FEATURED = new Set(['release', 'security', 'breaking']);

export function tagged(posts: { id: number; tags: string[] }[]): number[] {
  const ids: number[] = [];
  for (const post of posts) {
    if (post.tags.some((t) => FEATURED.has(t))) ids.push(post.id);
  }
  return ids;
}
