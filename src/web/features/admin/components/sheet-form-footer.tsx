import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { SaveProgressState } from '../lib/save-with-uploads';
import { SaveFailed } from './save-failed';
import { SaveProgress } from './save-progress';

/**
 * The foot of an add or edit sheet, kept in view while the form scrolls: the save progress, why
 * the last save failed, and Cancel / submit.
 */
export function SheetFormFooter({
  progress,
  attachment,
  failure,
  busy,
  submitLabel,
  onCancel,
}: {
  progress: SaveProgressState | null;
  /** What the second upload is ('audio', 'document'), for the progress label. */
  attachment: string;
  failure: string | undefined;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    // Sticky insets count from inside the sheet's padding: the negative ones put the bar on its very edge.
    <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 grid gap-3 border-t bg-background px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
      {progress ? <SaveProgress state={progress} attachment={attachment} /> : null}
      {failure && !busy ? <SaveFailed message={failure} /> : null}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : null}
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </div>
  );
}
