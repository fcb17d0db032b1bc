// expect: security/reflected-xss@6
import type { Context } from 'koa';

export async function notFound(ctx: Context): Promise<void> {
  ctx.status = 404;
  ctx.body = '<h1>Not found</h1><p>' + ctx.request.query.path + '</p>';
}
