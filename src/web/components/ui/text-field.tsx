import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

export type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** A validation message; marks the input invalid and is announced with it. */
  error?: string | undefined;
  hint?: string;
};

/** A labelled input with its validation message wired through aria-describedby. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
