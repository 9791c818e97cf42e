import type { SaveProgressState, SaveStage } from '../lib/save-with-uploads';

/** What each stage says; `attachment` names the audio or the document. */
function stageLabel(stage: SaveStage, attachment: string): string {
  switch (stage) {
    case 'image':
      return 'Uploading cover image...';
    case 'attachment':
      return `Uploading ${attachment}...`;
    case 'saving':
      return 'Saving...';
    case 'done':
      return 'Saved';
  }
}

/**
 * The save's progress bar (SPEC §4 Save progress: 10, 40, 50, 80, 100), announced to screen
 * readers through the progressbar role with the stage as its value text.
 */
export function SaveProgress({ state, attachment }: { state: SaveProgressState; attachment: string }) {
  const percent = Math.round(Math.min(100, Math.max(0, state.percent)));
  const label = stageLabel(state.stage, attachment);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="tabular-nums font-medium" aria-hidden>
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Save progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% · ${label}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
