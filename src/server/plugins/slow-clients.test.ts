import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

describe('slow clients', () => {
  it('cuts off a request body that stalls, after the idle timeout', async () => {
    const ctx = await createTestApp({ REQUEST_IDLE_TIMEOUT_MS: '300' });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // Headers promise 1,000 bytes; five come, then nothing.
      socket.write('POST /api/auth/token?grant_type=password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ema');
      const started = performance.now();
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await ctx.app.close();
      await ctx.database.close();
    }
  });
});
