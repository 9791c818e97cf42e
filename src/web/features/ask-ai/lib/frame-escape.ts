/*
 * Key presses in the Ask AI modal's frame stay in the frame's page: Escape there would not close
 * the modal as it does everywhere else in it. The framed page forwards it to the modal.
 */

/** What a framed page posts to its parent when Escape was pressed and nothing in the frame took it. */
export const FRAME_ESCAPE_MESSAGE = 'trackside:frame-escape';

/** In a frame: forwards every Escape no handler in the page took (a menu or a dialog of its own closing takes it). */
export function forwardEscapeToParent(win: Window = window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) win.parent.postMessage({ type: FRAME_ESCAPE_MESSAGE }, win.location.origin);
  };
  win.addEventListener('keydown', onKeyDown);
  return () => win.removeEventListener('keydown', onKeyDown);
}

/** Calls `onEscape` when the page in `frame` forwards an Escape; other messages, and other senders, are ignored. */
export function listenForFrameEscape(frame: () => HTMLIFrameElement | null, onEscape: () => void, win: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    const source = frame()?.contentWindow;
    if (source && event.source === source && event.origin === win.location.origin && (event.data as { type?: unknown } | null)?.type === FRAME_ESCAPE_MESSAGE)
      onEscape();
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
