import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Resolved from this file, not the working directory, so tests and the bench can run anywhere. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FUNCTIONS_DIR = join(PROJECT_ROOT, 'functions');
export const PACKAGE_LOCK = join(PROJECT_ROOT, 'package-lock.json');
export const PROCESSING_ASL = join(PROJECT_ROOT, 'infra', 'processing.asl.json');
export const WEB_DIST = join(PROJECT_ROOT, 'web', 'dist');

/** A manifest handler (`system/health`) is a TypeScript module under functions/. */
export const handlerEntry = (handler: string): string => {
  const entry = join(FUNCTIONS_DIR, `${handler}.ts`);
  if (!existsSync(entry)) {
    throw new Error(`Handler module ${entry} does not exist (from the manifest handler "${handler}")`);
  }
  return entry;
};
