import { CloudUploadIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { messages } from '../../../../shared/messages';
import { CHECK_STANDARDS } from '../../../../shared/schemas/checks';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { serverMessage } from '../../../lib/server-errors';
import { cn } from '../../../lib/utils';
import { useCreateCheck } from '../api/create-check';
import { CHECK_FILE_ACCEPT, checkFileProblem } from '../lib/check-file';

const text = messages.checkPage.upload;
type Standard = (typeof CHECK_STANDARDS)[number];

function isStandard(value: string): value is Standard {
  return (CHECK_STANDARDS as readonly string[]).includes(value);
}

/**
 * The drop zone and file picker: a file is checked for size here and then sent with its upload
 * progress; the server judges its type by content, and its reason (a DWG, a scan) is shown as it
 * says it. `onUploaded` gets the queued check's id.
 */
export function CheckUpload({ onUploaded }: { onUploaded: (id: string) => void }) {
  const ids = { heading: useId(), standard: useId(), input: useId(), hint: useId(), error: useId() };
  const create = useCreateCheck();
  const [standard, setStandard] = useState<Standard>(CHECK_STANDARDS[0]);
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [isDragging, setIsDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const isUploading = upload !== null;

  async function start(file: File) {
    const problem = checkFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ name: file.name, fraction: 0 });
    try {
      const { id } = await create.mutateAsync({
        file,
        standard,
        signal: controller.signal,
        onProgress: (fraction) => setUpload({ name: file.name, fraction }),
      });
      onUploaded(id);
    } catch (cause) {
      if (!controller.signal.aborted) setError(serverMessage(cause, text.failed));
    } finally {
      abortRef.current = null;
      setUpload(null);
      // The same file may be chosen again after a refusal.
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void start(file);
  };
  const handleDragOver = (event: DragEvent) => {
    if (isUploading) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !isUploading) void start(file);
  };

  return (
    <section aria-labelledby={ids.heading} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id={ids.heading} className="text-lg font-semibold">
        {text.heading}
      </h2>
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={ids.standard}>{text.standardLabel}</Label>
        <NativeSelect
          id={ids.standard}
          value={standard}
          disabled={isUploading}
          onChange={(event) => {
            if (isStandard(event.target.value)) setStandard(event.target.value);
          }}
        >
          {CHECK_STANDARDS.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div onDragOver={handleDragOver} onDragLeave={() => setIsDragging(false)} onDrop={handleDrop}>
        <input
          ref={inputRef}
          id={ids.input}
          type="file"
          accept={CHECK_FILE_ACCEPT}
          className="peer sr-only"
          disabled={isUploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={handleChange}
        />
        <label
          htmlFor={ids.input}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center motion-safe:transition-colors',
            'hover:border-primary hover:bg-primary/5 peer-focus-visible:border-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            isDragging && 'border-primary bg-primary/5',
          )}
        >
          <CloudUploadIcon className="size-8 text-primary" aria-hidden />
          <span className="font-medium text-primary underline-offset-4">{text.dropZoneLabel}</span>
          <span className="text-sm text-muted-foreground">{text.dropHint}</span>
        </label>
        <p id={ids.hint} className="mt-2 text-xs text-muted-foreground">
          {text.accepted}
        </p>
      </div>
      {upload ? (
        <div className="flex items-end gap-3">
          <ProgressBar className="flex-1" label={text.progressLabel} percent={upload.fraction * 100} status={text.uploading(upload.name)} />
          <Button variant="ghost" size="icon" className="size-8" aria-label={text.cancel} onClick={() => abortRef.current?.abort()}>
            <XIcon aria-hidden />
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}
