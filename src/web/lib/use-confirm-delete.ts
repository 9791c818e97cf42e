import { useState } from 'react';
import { messages } from '../../shared/messages';
import { serverMessage } from './server-errors';
// Admin pages (route chunks) only: sonner itself, which the build maps to lib/sonner.ts.
import { toast } from 'sonner';

export interface ConfirmDeleteOptions<T> {
  /** Deletes the item (a mutation's `mutateAsync`). */
  remove: (item: T) => Promise<unknown>;
  /** The success toast's title and description for the deleted item. */
  deleted: (item: T) => [title: string, description: string];
  /** Shown when the server gives no message of its own. */
  failed: string;
}

/**
 * The ask-then-delete flow of the admin lists: `ask(item)` opens the confirmation, `confirm`
 * deletes and toasts the outcome (the server's message on failure, e.g. a category in use),
 * `cancel` closes it. `pending` is the item awaiting confirmation.
 */
export function useConfirmDelete<T>({ remove, deleted, failed }: ConfirmDeleteOptions<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const confirm = async () => {
    if (pending === null) return;
    const item = pending;
    setPending(null);
    try {
      await remove(item);
      const [title, description] = deleted(item);
      toast.success(title, { description });
    } catch (error) {
      toast.error(messages.toast.errorTitle, { description: serverMessage(error, failed) });
    }
  };
  return { pending, ask: (item: T) => setPending(item), cancel: () => setPending(null), confirm: () => void confirm() };
}

export type ConfirmDelete<T> = ReturnType<typeof useConfirmDelete<T>>;
