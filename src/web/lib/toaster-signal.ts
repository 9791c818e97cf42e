/**
 * Whether the page needs its Toaster yet. The app mounts it (and loads sonner) only once
 * something toasts, so sonner stays out of the scripts every page loads first; see
 * `./sonner.ts` and `./toast.ts`.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isToasterRequested(): boolean {
  return wanted;
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
