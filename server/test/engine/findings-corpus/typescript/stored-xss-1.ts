// expect: security/stored-xss@14
import Router from '@koa/router';
import type { Context } from 'koa';
import { db } from './db';

const router = new Router();

router.get('/events/:id', async (ctx: Context) => {
  const event = await db.get('SELECT name, venue, notes FROM events WHERE id = ?', ctx.params.id);
  if (!event) {
    ctx.status = 404;
    return;
  }
  ctx.body = `<h1>${event.name}</h1><p>${event.venue}</p><div>${event.notes}</div>`;
});

export default router;
