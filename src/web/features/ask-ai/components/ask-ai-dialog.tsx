import { useEffect, useRef, type RefObject } from 'react';
import { paths } from '../../../app/paths';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { listenForFrameEscape } from '../lib/frame-escape';

interface AskAiDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes on every opening, so the frame (and /chat in it) loads afresh. */
  openCount: number;
  /** The floating button, which gets the focus back when the modal closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The 'AI Railway Consultant' modal with /chat in a lazily loaded frame. Its own chunk: the
 * Ask AI button loads it (and the dialog library) when it is first pointed at or pressed.
 */
export function AskAiDialog({ open, onOpenChange, openCount, triggerRef }: AskAiDialogProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  // Escape pressed in the framed page closes the modal too.
  useEffect(
    () =>
      open
        ? listenForFrameEscape(
            () => frameRef.current,
            () => onOpenChange(false),
          )
        : undefined,
    [open, onOpenChange],
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // The whole screen on a phone; a chat-sized panel on larger screens.
        className="flex h-dvh max-h-dvh w-full max-w-none flex-col gap-0 overflow-hidden rounded-none border-0 p-0 sm:h-[min(85dvh,52rem)] sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-4rem)] sm:max-w-3xl sm:rounded-xl sm:border"
        onCloseAutoFocus={(event) => {
          // The button sits outside the Radix dialog, so the dialog cannot find it itself.
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <div className="border-b px-4 pb-3 pt-4 pr-14 sm:px-6 sm:pt-5">
          <DialogTitle>AI Railway Consultant</DialogTitle>
          <DialogDescription>Ask the Compliance Assistant a railway engineering question.</DialogDescription>
        </div>
        <iframe ref={frameRef} key={openCount} src={paths.chat} title="AI Railway Consultant chat" loading="lazy" className="min-h-0 w-full flex-1 border-0" />
      </DialogContent>
    </Dialog>
  );
}
