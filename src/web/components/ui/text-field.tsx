import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

export interface FieldChrome {
  label: string;
  /** A validation message; marks the control invalid and is announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /**
   * Keeps a line for the message even while there is none, and a cleared message's lines, so a
   * message appearing or clearing (fields checked as the user types or leaves them) moves no
   * control below it under the pointer.
   */
  reserveErrorSpace?: boolean | undefined;
}

/** Label, hint and error around one control, wired through aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  reserveErrorSpace,
  className,
  children,
}: FieldChrome & { id: string; className?: string | undefined; children: (describedBy: string | undefined) => ReactNode }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  // The last message stays, invisible, once cleared: its lines keep their height.
  const [lastError, setLastError] = useState(error);
  if (reserveErrorSpace && error && error !== lastError) setLastError(error);
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={cn('text-sm font-medium text-destructive', reserveErrorSpace && '-mt-1 min-h-5')}>
          {error}
        </p>
      ) : reserveErrorSpace ? (
        <p aria-hidden className="invisible -mt-1 min-h-5 text-sm font-medium">
          {lastError}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = ComponentProps<'input'> & FieldChrome;

/** A labelled input with its validation message wired through aria-describedby. */
export function TextField({ label, error, hint, reserveErrorSpace, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} reserveErrorSpace={reserveErrorSpace} className={className}>
      {(describedBy) => <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />}
    </Field>
  );
}
