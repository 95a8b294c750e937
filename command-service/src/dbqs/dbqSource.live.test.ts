import { fetchDbqPage } from './dbqSource';

/**
 * Contract test against VA's public DBQ page. It runs only when DBQ_SYNC_URL is set: this machine
 * has no network.
 */
const url = process.env.DBQ_SYNC_URL;
const describeLive = url ? describe : describe.skip;

describeLive("VA's DBQ page (live)", () => {
  it('lists the public DBQs by body system', async () => {
    const entries = await fetchDbqPage(url!);
    expect(entries.length).toBeGreaterThan(50);
    expect(entries.find((e) => e.dbqId === '21-0960M-9')).toMatchObject({
      title: expect.stringMatching(/knee/i),
      category: expect.stringMatching(/musculoskeletal/i),
    });
  }, 60_000);
});
