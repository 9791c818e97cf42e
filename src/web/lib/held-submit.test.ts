import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseHeldSubmit } from './held-submit';

/** index.html's inline script that holds submits back, run as the page runs it. */
function installHoldingScript(): () => void {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body ?? '').find((body) => body.includes("'submit'"));
  if (!script) throw new Error('index.html lacks the script that holds submits back');
  const added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    add(type, listener, options);
  });
  new Function(script)();
  vi.mocked(window.addEventListener).mockRestore();
  return () => added.forEach(([type, listener, options]) => window.removeEventListener(type, listener, options));
}

function form(onSubmit: (event: SubmitEvent) => void): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = '<input name="password" value="secret"><button type="submit">Sign In</button>';
  element.addEventListener('submit', (event) => onSubmit(event as SubmitEvent));
  document.body.append(element);
  return element;
}

describe('submits before hydration', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    delete window.__tracksideReady;
    delete window.__tracksideHeldSubmit;
    document.body.innerHTML = '';
  });

  it('are held back, unseen by the page, and submitted again once the app has hydrated', () => {
    uninstall = installHoldingScript();
    const seen = vi.fn((event: SubmitEvent) => event.preventDefault());
    const signIn = form(seen);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    signIn.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();

    releaseHeldSubmit();
    expect(seen).toHaveBeenCalledTimes(1);

    // From now on submits go through as they are.
    signIn.requestSubmit();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('drops a held form that left the page', () => {
    uninstall = installHoldingScript();
    const seen = vi.fn((event: SubmitEvent) => event.preventDefault());
    const gone = form(seen);
    gone.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    gone.remove();
    releaseHeldSubmit();
    expect(seen).not.toHaveBeenCalled();
  });
});
