// expect: security/reflected-xss@7
import express, { type Request, type Response } from 'express';

const app = express();

app.get('/error', (req: Request, res: Response) => {
  res.status(400).send(`<p>Unknown page: ${req.query.page}</p>`);
});

export default app;
