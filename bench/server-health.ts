/** Waits until the server at `origin` answers GET /api/health, polling every `pollMs`; throws past `deadline` (epoch ms). */
export async function waitForHealth(origin: string, deadline: number, pollMs: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error('the server did not become healthy in time');
}
