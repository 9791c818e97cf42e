import { Toaster as Sonner } from 'sonner';
import { TOAST } from '../../../shared/constants';

/** SPEC §9: one toast at a time, shown for 5000 ms. */
export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <Sonner
      theme={theme}
      visibleToasts={TOAST.visibleToasts}
      duration={TOAST.durationMs}
      richColors
      closeButton
      // Just below the header: off its buttons (Sign Out) and off the chat input at the bottom.
      position="top-center"
      offset={72}
      mobileOffset={72}
      // A modal dialog turns pointer events off outside itself; toasts stay closable above it.
      style={{ pointerEvents: 'auto' }}
    />
  );
}
