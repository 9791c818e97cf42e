import net from 'node:net';

/**
 * A TCP proxy in front of a database server, so a test can take the database away: `refuse()`
 * closes every connection and refuses new ones (a server down), `freeze()` accepts and holds
 * connections without passing a byte (a server paused or a network black hole), `restore()`
 * forwards again.
 */
export class TcpProxy {
  private mode: 'forward' | 'freeze' | 'refuse' = 'forward';
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  private port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening; returns the port clients connect to. */
  async start(): Promise<number> {
    await this.listen();
    return this.port;
  }

  /** A URL like `url` that goes through the proxy. */
  static forUrl(url: string): { proxy: TcpProxy; via: (port: number) => string } {
    const target = new URL(url);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    return {
      proxy,
      via: (port) => {
        const through = new URL(url);
        through.hostname = '127.0.0.1';
        through.port = String(port);
        return through.toString();
      },
    };
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse';
    this.dropAll();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  freeze(): void {
    this.mode = 'freeze';
  }

  async restore(): Promise<void> {
    const wasFrozen = this.mode === 'freeze';
    this.mode = 'forward';
    // Connections held while frozen are cut, as a network that comes back would find them dead.
    if (wasFrozen) this.dropAll();
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve) =>
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      }),
    );
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (this.mode !== 'forward') return; // held: bytes in, nothing out
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    // While frozen, data already flowing stops: nothing is passed either way.
    client.on('data', (chunk) => {
      if (this.mode === 'forward') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (this.mode === 'forward') client.write(chunk);
    });
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
