import net from 'node:net';

export type ProxyMode =
  /** Bytes flow both ways. */
  | 'up'
  /** The port is closed: every connection attempt is refused (ECONNREFUSED), open ones are reset. */
  | 'refuse'
  /**
   * A flapping network: open connections are reset, and new ones are let through for a random
   * moment (up to `flapMs`) before they are reset too, so some queries pass and others die midway.
   */
  | 'flap'
  /**
   * A black hole (a cable pulled, a firewall dropping packets): connections stay open and new ones
   * are accepted, but no byte gets through either way, and nobody is told.
   */
  | 'drop'
  /** Requests reach the server, its answers are lost: what a client sees when an answer is lost after the commit. */
  | 'mute';

export interface FaultyProxy {
  /** Where the proxy listens, on 127.0.0.1. */
  readonly port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  setMode(mode: ProxyMode): Promise<void>;
  /** Connections made and reset so far. */
  stats(): { connections: number; resets: number };
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a database for tests of real faults: the shared test cluster cannot be
 * stopped (other test files use it), so this takes the database away from one client only.
 */
export async function startFaultyProxy(target: { host: string; port: number }, options: { flapMs?: number } = {}): Promise<FaultyProxy> {
  const flapMs = options.flapMs ?? 40;
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  let mode: ProxyMode = 'up';
  let connections = 0;
  let resets = 0;

  const reset = (pair: { client: net.Socket; server: net.Socket }) => {
    if (!pairs.delete(pair)) return;
    resets += 1;
    for (const socket of [pair.client, pair.server]) {
      if (socket.destroyed) continue;
      if (socket.connecting) socket.destroy();
      else socket.resetAndDestroy();
    }
  };
  /** One side closed or failed on its own: the other side goes too. */
  const closed = (pair: { client: net.Socket; server: net.Socket }) => {
    if (!pairs.delete(pair)) return;
    pair.client.destroy();
    pair.server.destroy();
  };

  /** Bytes read from either side are thrown away; the sockets stay open. */
  const swallow = (pair: { client: net.Socket; server: net.Socket }) => {
    pair.client.unpipe(pair.server);
    pair.server.unpipe(pair.client);
    for (const socket of [pair.client, pair.server]) socket.on('data', () => undefined).resume();
  };

  /** Only the server's answers are thrown away. */
  const mute = (pair: { client: net.Socket; server: net.Socket }) => {
    pair.server.unpipe(pair.client);
    pair.server.on('data', () => undefined).resume();
  };

  const onConnection = (client: net.Socket) => {
    connections += 1;
    const server = net.connect(target.port, target.host);
    const pair = { client, server };
    pairs.add(pair);
    for (const socket of [client, server]) {
      socket.on('error', () => closed(pair));
      socket.on('close', () => closed(pair));
    }
    if (mode === 'drop') return swallow(pair);
    client.pipe(server);
    if (mode === 'mute') return mute(pair);
    server.pipe(client);
    if (mode === 'flap') setTimeout(() => reset(pair), Math.random() * flapMs);
  };

  let listener = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve((listener.address() as net.AddressInfo).port));
    });
  const port = await listen(0);

  return {
    port,
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'drop') for (const pair of pairs) swallow(pair);
      else if (next === 'mute') for (const pair of pairs) mute(pair);
      else if (next !== 'up') for (const pair of [...pairs]) reset(pair);
      if (next === 'refuse') await new Promise<void>((resolve) => listener.close(() => resolve()));
      if (previous === 'refuse') {
        listener = net.createServer(onConnection);
        await listen(port);
      }
    },
    stats: () => ({ connections, resets }),
    async close() {
      for (const pair of [...pairs]) reset(pair);
      if (mode !== 'refuse') await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
