import { BotMessageSquareIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { forwardEscapeToParent } from '../lib/frame-escape';

const loadDialog = () => import('./ask-ai-dialog');
const AskAiDialog = lazy(async () => ({ default: (await loadDialog()).AskAiDialog }));

/** SPEC §2: injected after idle time, or after 2 s where idle callbacks are unavailable. */
export const ASK_AI_FALLBACK_DELAY_MS = 2000;

/** Calls `callback` once the browser is idle (2 s later without requestIdleCallback); returns a canceller. */
function whenIdle(callback: () => void): () => void {
  const { requestIdleCallback, cancelIdleCallback } = window;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback(callback);
    return () => cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, ASK_AI_FALLBACK_DELAY_MS);
  return () => window.clearTimeout(timer);
}

/** Inside a frame (the modal's own /chat) the button would open frames within frames. */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * SPEC §2 Ask AI floating button: opens the 'AI Railway Consultant' modal with /chat in a
 * lazily loaded frame, a fresh frame (so a reload) on every opening; the close button, a
 * click on the backdrop and Escape close it. The app layout puts it in the sticky navigation
 * bar, on every page except /chat itself (where it would only repeat the page): it stays in
 * view as the page scrolls, as a floating button does, yet never covers the page's content.
 */
export function AskAiButton() {
  const [isInjected, setIsInjected] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    // In the modal's frame there is no button; Escape closes the modal around it instead.
    if (isFramed()) return forwardEscapeToParent();
    return whenIdle(() => setIsInjected(true));
  }, []);

  if (!isInjected || pathname === paths.chat) return null;

  const preload = () => void loadDialog();
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setOpenCount((count) => count + 1);
          setIsOpen(true);
        }}
        className="flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 rounded-full bg-primary px-2 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-3.5 md:px-2 lg:px-3.5"
      >
        <BotMessageSquareIcon className="size-5 shrink-0" aria-hidden />
        {/* Icon only where the bar has no room for the word: the narrowest phones, and tablets,
            whose bar holds the whole navigation. */}
        <span className="sr-only whitespace-nowrap sm:not-sr-only md:sr-only lg:not-sr-only">Ask AI</span>
      </button>
      {openCount > 0 ? (
        <Suspense fallback={null}>
          <AskAiDialog open={isOpen} onOpenChange={setIsOpen} openCount={openCount} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
