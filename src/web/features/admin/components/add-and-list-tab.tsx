import type { ReactNode } from 'react';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import type { ConfirmDelete } from '../../../lib/use-confirm-delete';
import { SectionCard } from './section-card';

interface CardContent {
  title: string;
  description: string;
  content: ReactNode;
}

interface AddAndListTabProps<T> {
  add: CardContent;
  list: CardContent & { flush?: boolean };
  deletion: ConfirmDelete<T>;
  /** The confirmation's title and sentence for the item about to be deleted. */
  confirmTitle: string;
  confirmDescription: (item: T) => string;
}

/**
 * An admin tab of named things (categories, tags): the list, with its add form in a narrow card
 * beside it on wide screens and above it on narrow ones, and the delete confirmation.
 */
export function AddAndListTab<T>({ add, list, deletion, confirmTitle, confirmDescription }: AddAndListTabProps<T>) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <SectionCard title={add.title} description={add.description} className="lg:col-start-2 lg:row-start-1 lg:self-start">
        {add.content}
      </SectionCard>
      <SectionCard title={list.title} description={list.description} flush={list.flush} className="lg:col-start-1 lg:row-start-1">
        {list.content}
      </SectionCard>
      <ConfirmDeleteDialog
        open={deletion.pending !== null}
        title={confirmTitle}
        description={deletion.pending !== null ? confirmDescription(deletion.pending) : null}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </div>
  );
}
