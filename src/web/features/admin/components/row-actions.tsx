import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The Edit and Delete buttons of a table row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete: () => void }) {
  return (
    <div className="flex justify-end gap-1">
      {onEdit ? (
        <Button variant="ghost" size="sm" className="px-2 sm:px-3" aria-label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon aria-hidden />
          <span className="hidden sm:inline">Edit</span>
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="px-2 text-muted-foreground hover:text-destructive sm:px-3" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2Icon aria-hidden />
        <span className="hidden sm:inline">Delete</span>
      </Button>
    </div>
  );
}
