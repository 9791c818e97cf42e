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
      // Bottom right keeps toasts off the header's buttons (Sign Out sits top right).
      position="bottom-right"
    />
  );
}
