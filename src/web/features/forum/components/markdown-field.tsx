import { lazy, Suspense, useId, useState, type ComponentProps } from 'react';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';

// The markdown renderer loads with the first preview, not with the forms (smaller list-page chunk).
const ForumMarkdown = lazy(() => import('./forum-markdown').then((module) => ({ default: module.ForumMarkdown })));

type MarkdownFieldProps = ComponentProps<'textarea'> & {
  label: string;
  /** The current text, for the preview. */
  text: string;
  error?: string | undefined;
  /** Hide the label visually (it is still announced). */
  hideLabel?: boolean;
};

/** A labelled markdown textarea with a Write / Preview switch and its validation message. */
export function MarkdownField({ label, text, error, hideLabel, id, className, rows = 6, ...props }: MarkdownFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [previewChosen, setPreview] = useState(false);
  // A validation message brings the textarea back, so that it can take the focus.
  const preview = previewChosen && !error;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId} className={cn(hideLabel && 'sr-only')}>
          {label}
        </Label>
        <div role="group" aria-label={`${label} view`} className="ml-auto inline-flex rounded-md border p-0.5 text-xs">
          {(['Write', 'Preview'] as const).map((mode) => {
            const active = (mode === 'Preview') === preview;
            return (
              <button
                key={mode}
                type="button"
                aria-pressed={active}
                onClick={() => setPreview(mode === 'Preview')}
                className={cn(
                  'rounded px-2 py-0.5 focus-visible:outline-2 focus-visible:outline-ring',
                  active ? 'bg-muted font-medium' : 'text-muted-foreground',
                )}
              >
                {mode}
              </button>
            );
          })}
        </div>
      </div>
      {/* The textarea stays mounted (hidden) in preview, so the form keeps its value and ref. */}
      <Textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        className={cn(preview && 'hidden')}
        {...props}
      />
      {preview ? (
        <div className="min-h-24 rounded-md border bg-muted/30 p-3 text-sm" aria-live="polite">
          {text.trim() ? (
            <Suspense fallback={<p className="text-muted-foreground">Loading preview…</p>}>
              <ForumMarkdown>{text}</ForumMarkdown>
            </Suspense>
          ) : (
            <p className="text-muted-foreground">Nothing to preview yet.</p>
          )}
        </div>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground">
        Markdown is supported: **bold**, _italic_, lists, links and `code`. HTML is not.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
