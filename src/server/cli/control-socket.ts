import { createHash } from 'node:crypto';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { isCommandName, runCommand, type CommandContext } from './commands';

/** Unix sockets allow ~107 bytes of path; a long DATA_DIR gets a socket in the temp dir instead. */
export function controlSocketPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'control.sock');
  if (inDataDir.length < 100) return inDataDir;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `trackside-${digest}.sock`);
}

interface ControlReply {
  ok: boolean;
  message: string;
}

/**
 * While the server holds the embedded database, CLI commands are carried out by the server
 * through this socket (owner-only permissions) instead of opening the database a second time.
 */
export async function startControlSocket(opts: { config: Config; database: Database; app: FastifyInstance }) {
  const socketPath = controlSocketPath(opts.config.dataDir);
  if (existsSync(socketPath)) rmSync(socketPath); // we hold the data-dir lock, so it is stale
  const ctx: CommandContext = {
    database: opts.database,
    auth: opts.app.services.auth,
    users: opts.app.services.users,
    keys: opts.app.services.keys,
    onStandardsImported: () => {
      void opts.app.services.embeddings?.schedule();
      void opts.app.services.editionNotices.schedule();
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let reply: ControlReply;
        try {
          const { command, args } = JSON.parse(Buffer.concat(chunks).toString()) as { command: string; args: unknown };
          if (!isCommandName(command)) throw new Error(`Unknown command ${command}`);
          reply = { ok: true, message: await runCommand(ctx, command, args) };
        } catch (error) {
          reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
        }
        res.writeHead(reply.ok ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (existsSync(socketPath)) rmSync(socketPath);
      }),
  };
}

/** Sends a command to a running server; undefined when no server answers on the socket. */
export function sendControlCommand(dataDir: string, command: string, args: unknown): Promise<ControlReply | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: '/run', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString()) as ControlReply);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file left by a crashed server: nobody is listening.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    req.end(JSON.stringify({ command, args }));
  });
}

/** True when a server listens on the data directory's control socket (it holds the database). */
export function controlSocketAnswers(dataDir: string): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
