import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the Vite build: hashed assets cached for a year, every other non-API path answered with
 * index.html so the client router can show the page (or its own not-found screen).
 */
export function staticFrontend(distDir: string): Router {
  const router = Router();
  const indexHtml = path.join(distDir, 'index.html');
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The frontend is not built yet: run `npm start` (it builds it) or `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
