// silent: security/html-injection
import DOMPurify from 'dompurify';

export function Post({ post }) {
  return (
    <article>
      <h2>{post.title}</h2>
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(post.body) }} />
    </article>
  );
}
