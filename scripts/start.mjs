// `npm start`: builds the frontend if needed, then runs every service in this one Node process.
import { register } from 'tsx/esm/api';
import { buildFrontendIfStale } from './build-frontend.mjs';

try {
  buildFrontendIfStale();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
register();
await import('../gateway/src/main.ts');
