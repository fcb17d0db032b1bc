// expect: performance/linear-search-in-loop@4
function attachAuthors(posts, users) {
  for (const post of posts) {
    post.author = users.find((u) => u.id === post.authorId);
  }
  return posts;
}
