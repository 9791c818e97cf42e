import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';

/**
 * The side sheet an add or edit form opens in. While `busy` (uploading, saving) it cannot be
 * closed, so that a save is never cut off half way; otherwise Escape, the overlay and × close it.
 */
export function FormSheet({
  open,
  title,
  description,
  busy,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <SheetContent
        className="w-full max-w-none gap-5 p-5 sm:max-w-xl sm:p-6"
        closeLabel="Close"
        // Closing a toast ('File Selected') is not a click away from the form.
        onInteractOutside={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) event.preventDefault();
        }}
      >
        <div className="grid gap-1.5 pr-8">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </div>
        {children}
      </SheetContent>
    </Sheet>
  );
}
