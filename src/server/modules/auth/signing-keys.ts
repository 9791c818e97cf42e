import { randomUUID } from 'node:crypto';
import { desc, eq, gt, isNull, or } from 'drizzle-orm';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { Db } from '../../db/client';
import { signingKeys } from './tables';

const ALG = 'ES256';
/** How long a process trusts its cached key list before reading it again. */
const CACHE_MS = 5 * 60_000;

interface LoadedKeys {
  signing: { kid: string; key: CryptoKey };
  published: JWK[];
  /** Built once per load: it caches imported keys, which are costly to import per request. */
  verifier: ReturnType<typeof createLocalJWKSet>;
  loadedAt: number;
}

/**
 * ES256 keys kept in the database so every instance signs and verifies with the same set.
 * Retired keys stay published (and verifying) for one token lifetime after rotation.
 */
export class SigningKeys {
  private loaded: Promise<LoadedKeys> | undefined;

  constructor(
    private readonly db: Db,
    private readonly tokenTtlSeconds: number,
  ) {}

  /** Signs access-token claims with the newest active key. */
  async sign(claims: JWTPayload & { sub: string; exp: number; iat: number }): Promise<string> {
    const { signing } = await this.keys();
    return new SignJWT(claims).setProtectedHeader({ alg: ALG, kid: signing.kid, typ: 'JWT' }).sign(signing.key);
  }

  /** Verifies signature and expiry; an unknown kid triggers one reload (another instance may have rotated). */
  async verify(token: string, issuer: string, audience = 'authenticated'): Promise<JWTPayload> {
    let keys = await this.keys();
    const kid = readKid(token);
    if (kid && !keys.published.some((k) => k.kid === kid)) keys = await this.reload(keys);
    const { payload } = await jwtVerify(token, keys.verifier, {
      algorithms: [ALG],
      issuer,
      audience,
    });
    return payload;
  }

  /** The public JWKS document. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: (await this.keys()).published };
  }

  /** Makes a new key the signing key and retires the others (they stay valid for one token lifetime). */
  async rotate(): Promise<string> {
    const kid = await this.db.transaction(async (tx) => {
      await tx.update(signingKeys).set({ active: false, retiredAt: new Date() }).where(eq(signingKeys.active, true));
      return insertNewKey(tx);
    });
    this.loaded = undefined;
    return kid;
  }

  private keys(): Promise<LoadedKeys> {
    const current = this.loaded;
    if (!current) return this.reload(undefined);
    return current.then((k) => (Date.now() - k.loadedAt < CACHE_MS ? k : this.reload(k)));
  }

  /**
   * Loads the keys again. Should the database not answer, the keys held still verify and sign:
   * keys change rarely, and an outage must not void every session.
   */
  private reload(held: LoadedKeys | undefined): Promise<LoadedKeys> {
    const next = this.load();
    this.loaded = next;
    next.catch(() => {
      if (this.loaded === next) this.loaded = held ? Promise.resolve(held) : undefined;
    });
    return held ? next.catch(() => held) : next;
  }

  private async load(): Promise<LoadedKeys> {
    let rows = await this.publishedRows();
    if (!rows.some((r) => r.active)) {
      await insertNewKey(this.db);
      rows = await this.publishedRows();
    }
    const active = rows.find((r) => r.active);
    if (!active) throw new Error('No active signing key');
    const published = rows.map((r) => r.publicJwk as JWK);
    return {
      signing: { kid: active.kid, key: (await importJWK(active.privateJwk as JWK, ALG)) as CryptoKey },
      published,
      verifier: createLocalJWKSet({ keys: published }),
      loadedAt: Date.now(),
    };
  }

  private publishedRows() {
    const graceStart = new Date(Date.now() - (this.tokenTtlSeconds + 60) * 1000);
    return this.db
      .select()
      .from(signingKeys)
      .where(or(eq(signingKeys.active, true), isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, graceStart)))
      .orderBy(desc(signingKeys.createdAt));
  }
}

async function insertNewKey(db: Pick<Db, 'insert'>): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  await db.insert(signingKeys).values({ kid, privateJwk, publicJwk, active: true });
  return kid;
}

function readKid(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}
