// expect: security/reflected-xss@7
const Koa = require('koa');

const app = new Koa();

app.use(async (ctx) => {
  ctx.body = `<h2>Results for ${ctx.query.q}</h2>`;
});

app.listen(3000);
