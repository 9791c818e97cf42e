import { cn } from '../../lib/utils';

/**
 * A labelled progress bar: the percent and what is happening are read out together through the
 * progressbar role's value text; the fill moves smoothly only where motion is welcome.
 */
export function ProgressBar({ label, percent, status, className }: { label: string; percent: number; status: string; className?: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{status}</span>
        <span className="font-medium tabular-nums" aria-hidden>
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% · ${status}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
