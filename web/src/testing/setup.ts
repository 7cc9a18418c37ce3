import { configureApiRetry } from '../lib/api-client';

// The web unit tests answer from stubs and expect a failure at once, as their query clients retry
// nothing either (render.tsx); a test of the retry itself opts back in with configureApiRetry().
configureApiRetry({ tries: 1, delayMs: 0 });
