import { describe, expect, it } from 'vitest';
import { isAssetPath } from '../spa-assets';

describe('isAssetPath: build files versus client-side routes', () => {
  it('serves build files as files', () => {
    for (const path of ['assets/index-4f2a9c.js', '/assets/logo.svg', 'favicon.ico', '/robots.txt', 'index.html']) expect(isAssetPath(path), path).toBe(true);
  });

  it('answers routes, e-mail addresses included, with the app', () => {
    for (const path of ['/', 'campaigns/glow-q1', '/talents/ana.lima@creator.co.uk', 'talents/lucia@luciaprieto.es', 'queues']) expect(isAssetPath(path), path).toBe(false);
  });
});
