import { BotMessageSquareIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';

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
 * click on the backdrop and Escape close it. Rendered by the app layout on every page
 * except /chat itself (where it would only repeat the page).
 */
export function AskAiButton() {
  const [isInjected, setIsInjected] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const { pathname } = useLocation();

  useEffect(() => {
    if (isFramed()) return;
    return whenIdle(() => setIsInjected(true));
  }, []);

  if (!isInjected || pathname === paths.chat) return null;

  const handleOpenChange = (open: boolean) => {
    if (open) setOpenCount((count) => count + 1);
    setIsOpen(open);
  };

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger className="fixed bottom-20 right-4 z-40 flex size-12 items-center justify-center gap-2 rounded-full bg-primary font-semibold text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:right-6 md:w-auto md:px-5">
        <BotMessageSquareIcon className="size-5 shrink-0" aria-hidden />
        {/* Icon only on phones, where it would cover more of the page. */}
        <span className="sr-only md:not-sr-only">Ask AI</span>
      </DialogTrigger>
      <DialogContent className="flex h-[min(85dvh,56rem)] max-w-5xl flex-col gap-3 overflow-hidden p-0 sm:w-[calc(100%-4rem)]">
        <div className="border-b px-6 pb-3 pt-5 pr-14">
          <DialogTitle>AI Railway Consultant</DialogTitle>
          <DialogDescription>Ask the Compliance Assistant a railway engineering question.</DialogDescription>
        </div>
        <iframe
          key={openCount}
          src={paths.chat}
          title="AI Railway Consultant chat"
          loading="lazy"
          className="min-h-0 w-full flex-1 border-0"
        />
      </DialogContent>
    </Dialog>
  );
}
