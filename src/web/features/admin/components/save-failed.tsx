/** Why the last save did not happen, kept in the form after the toast has gone. */
export function SaveFailed({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}
