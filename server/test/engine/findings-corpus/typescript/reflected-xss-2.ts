// silent: security/reflected-xss
import express, { type Request, type Response } from 'express';

const app = express();

app.get('/error', (req: Request, res: Response) => {
  res
    .status(400)
    .type('text/plain')
    .send(`Unknown page: ${String(req.query.page)}`);
});

export default app;
