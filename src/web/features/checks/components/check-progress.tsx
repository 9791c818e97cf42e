import { messages } from '../../../../shared/messages';
import type { Check } from '../../../../shared/schemas/checks';
import { ProgressBar } from '../../../components/ui/progress-bar';

const text = messages.checkPage.progress;

/** Where a queued or running check is: its step in words and how far, as a progressbar. */
export function CheckProgress({ progress }: { progress: Check['progress'] }) {
  const stage = text.stages[progress.stage];
  return (
    <div className="grid gap-2">
      <ProgressBar label={text.label} percent={progress.percent} status={stage} />
      {/* The step is announced when it changes; the percent is not, or a reader would hear it every second. */}
      <p role="status" className="sr-only">
        {stage}
      </p>
    </div>
  );
}
