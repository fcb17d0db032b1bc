// silent: performance/linear-search-in-loop
// `featured` lists its three elements: scanning it costs no more than hashing the tag.
export function tagged(posts: { id: number; tags: string[] }[], wanted: string[]): number[] {
  const ids: number[] = [];
  const featured: string[] = ['release', 'security', 'breaking'];
  for (const post of posts) {
    if (post.tags.some((t) => featured.includes(t))) ids.push(post.id);
  }
  return ids.concat(wanted.length);
}
