import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { ServerResponse } from 'node:http';
import { isAssetPath } from '../spa-assets';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Serves the built SPA like the CloudFront distribution does: files by path, hashed assets
 * cached for a year, and every path that is not a build file answered with index.html.
 */
export const serveStatic = async (
  root: string,
  pathname: string,
  response: ServerResponse,
  headers: Record<string, string>,
  method: string,
): Promise<void> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // not percent-encoded UTF-8 (`/%`): the runtime answers these before, this only never throws
    return send(response, 400, 'Bad path', headers);
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  let file = join(root, relative);
  if (!file.startsWith(root + sep) && file !== root) return send(response, 400, 'Bad path', headers);
  let info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) {
    if (isAssetPath(relative)) return send(response, 404, 'Not found', headers);
    file = join(root, 'index.html');
    info = await stat(file).catch(() => undefined);
    if (!info) return send(response, 503, 'The web app is not built: run `npm run build:web`.', headers);
  }
  const immutable = relative.startsWith('assets/');
  response.writeHead(200, {
    ...headers,
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (method === 'HEAD') return void response.end();
  createReadStream(file).pipe(response);
};

const send = (response: ServerResponse, status: number, text: string, headers: Record<string, string>) => {
  response.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
};
