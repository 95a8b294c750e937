/**
 * The start figure's baseline: bare node starting the embedded PostgreSQL on an existing cluster
 * folder and answering one query; prints "ready", then stops the server on SIGINT.
 */
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../platform/src/db/embedded';

const db = await startEmbeddedPostgres({ clusterDir: path.resolve(process.argv[2]!) });
const client = new pg.Client({ connectionString: db.adminUrl });
await client.connect();
await client.query('select 1');
await client.end();
process.stdout.write('ready\n');
process.once('SIGINT', () => void db.stop().then(() => process.exit(0)));
