/**
 * The flooding client of the auth bench, in its own process as a real one would be (in the bench's
 * process it would share the server's event loop). Driven over IPC: `{ start: 'one' | 'many' }`
 * sends registrations from FLOODERS concurrent loops, from one address or a new one each time,
 * until `{ stop: true }`, which is answered with the count of each status seen.
 */
const FLOODERS = 16;
const baseUrl = process.argv[2]!;
const PASSWORD = 'bench password 123';

let running = false;
let loops: Promise<void>[] = [];
let statuses = new Map<number, number>();
let n = 0;

const addressOf = (mode: string, i: number) => (mode === 'one' ? '198.51.100.7' : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);

async function loop(mode: string) {
  while (running) {
    const i = n++;
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(mode, i) },
      body: JSON.stringify({ email: `flood-${process.pid}-${i}@example.org`, password: PASSWORD, ageConfirmed: true, termsAccepted: true }),
    }).catch(() => undefined);
    await res?.arrayBuffer();
    const status = res?.status ?? 0;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
}

process.on('message', async (message: { start?: string; stop?: boolean }) => {
  if (message.start) {
    running = true;
    statuses = new Map();
    loops = Array.from({ length: FLOODERS }, () => loop(message.start!));
    process.send!({ started: true });
  } else if (message.stop) {
    running = false;
    await Promise.all(loops);
    process.send!({ answers: [...statuses].sort(([a], [b]) => a - b) });
  }
});
process.send!({ ready: true });
