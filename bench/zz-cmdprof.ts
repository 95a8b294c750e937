import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestClient } from '../gateway/src/testing/testApp';
import { BENCH_ADMIN, startBenchApp } from './benchApp';
import { withBenchCluster } from './harness';

async function main() {
  await withBenchCluster(async (_db, createDatabase) => {
    const url = await createDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-prof-'));
    const app = await startBenchApp(url, dataDir);
    const client = new TestClient(app.baseUrl);
    const user = await client.register(`prof.vet@example.org`);
    const admin = new TestClient(app.baseUrl);
    await admin.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    await admin.put(`/api/users/${user.id}/tier`, { tierName: 'basic' });
    for (let i = 0; i < 200 && (await client.get('/api/auth/user')).data.memberTier !== 'basic'; i++) await new Promise((r) => setTimeout(r, 20));
    const post: number[] = [], put: number[] = [], get: number[] = [];
    for (let i = 0; i < 300; i++) {
      let t = performance.now();
      const filed = await client.post('/api/claims', { condition: `Condition ${i}`, conditionType: 'primary' });
      post.push(performance.now() - t);
      if (filed.status !== 201) throw new Error(String(filed.status) + JSON.stringify(filed.data));
      t = performance.now();
      const moved = await client.put(`/api/claims/${filed.data.id}/status`, { status: 'initial_review', note: 'Records requested' });
      put.push(performance.now() - t);
      if (moved.status !== 200) throw new Error(String(moved.status));
      t = performance.now();
      await client.get(`/api/auth/user`);
      get.push(performance.now() - t);
      if (i === 100) console.log('warm');
    }
    const med = (a: number[]) => a.slice(100).sort((x, y) => x - y)[Math.floor((a.length - 100) / 2)]!.toFixed(1);
    console.log(`post p50 ${med(post)} put p50 ${med(put)} get user p50 ${med(get)}`);
    await app.stop();
  });
  process.exit(0);
}
void main();
