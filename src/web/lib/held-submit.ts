/*
 * index.html's inline script holds back any form submitted before the app has hydrated the page:
 * the browser would otherwise send it itself, as a GET with every field (a password too) in the
 * URL. Hydration runs in a transition, so React does not take such a submit over on its own.
 */

declare global {
  interface Window {
    /** Set once the app has hydrated; the inline script then lets submits through. */
    __tracksideReady?: boolean;
    /** The last form submitted before that. */
    __tracksideHeldSubmit?: HTMLFormElement;
  }
}

/**
 * Lets submits through from now on, and submits the form held back, if any, again: its own
 * handler takes it now. Called once the app's first render has committed.
 */
export function releaseHeldSubmit(win: Window = window): void {
  win.__tracksideReady = true;
  const form = win.__tracksideHeldSubmit;
  delete win.__tracksideHeldSubmit;
  if (form?.isConnected) form.requestSubmit();
}
