// expect: security/html-injection@6
export function Post({ post }) {
  return (
    <article>
      <h2>{post.title}</h2>
      <div dangerouslySetInnerHTML={{ __html: post.body }} />
    </article>
  );
}
