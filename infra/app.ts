import { existsSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { WEB_DIST } from './constructs/paths';
import { configFromContext, defineThreadline } from './stacks/threadline';

/** `npx cdk synth` entry point (cdk.json). Offline: no lookups, no credentials needed. */
const app = new App();
// The site deploys only once `npm run build:web` has produced web/dist; synth never needs it.
defineThreadline(app, configFromContext(app, existsSync(WEB_DIST) ? WEB_DIST : undefined));
app.synth();
