import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client: hashed assets compressed and cached for a year, `index.html` never cached,
 * any other non-API path answered with the app (history fallback).
 */
export async function registerClientApp(app: FastifyInstance, { distDir }: { distDir: string }) {
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  return {
    sendApp(reply: import('fastify').FastifyReply) {
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The Trillium client is not built yet. Run `npm run build`, or use `npm start`, which builds it.',
          );
      }
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    },
  };
}
