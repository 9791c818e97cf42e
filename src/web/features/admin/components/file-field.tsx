import { FileIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { UploadFolder } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { acceptOf, contentFileProblem, fileNameOf, formatFileSize } from '../lib/content-files';

/** SPEC §5 upload rules as a line under each input. */
const FOLDER_HINTS: Record<UploadFolder, string> = {
  images: 'JPG, PNG, GIF, WEBP or SVG, up to 5 MB.',
  audio: 'MP3, WAV, M4A or OGG, up to 80 MB.',
  documents: 'PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX or TXT, up to 20 MB.',
};

export interface FileFieldProps {
  folder: UploadFolder;
  label: string;
  /** The chosen file, uploaded when the form is saved. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The file already stored (editing); kept unless another is chosen or it is removed. */
  currentUrl?: string | null | undefined;
  onRemoveCurrent?: (() => void) | undefined;
  disabled?: boolean | undefined;
}

/**
 * A file input checked on choice against SPEC §5's type and size rules: a bad file gives the
 * toast 'Invalid File' (with the rule it broke) and the input is cleared; a good one 'File Selected'.
 */
export function FileField({ folder, label, file, onFileChange, currentUrl, onRemoveCurrent, disabled }: FileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const ids = { input: useId(), hint: useId(), error: useId() };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    setError(undefined);
    onFileChange(null);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      clear();
      return;
    }
    const problem = contentFileProblem(folder, chosen);
    if (problem) {
      event.target.value = '';
      setError(problem);
      onFileChange(null);
      toast.error(messages.uploads.invalidFileTitle, { description: problem });
      return;
    }
    setError(undefined);
    onFileChange(chosen);
    toast.success(messages.uploads.fileSelectedTitle, { description: `${chosen.name} (${formatFileSize(chosen.size)})` });
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.input}>{label}</Label>
      <Input
        ref={inputRef}
        id={ids.input}
        type="file"
        accept={acceptOf(folder)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
        onChange={handleChange}
      />
      <p id={ids.hint} className="text-xs text-muted-foreground">
        {FOLDER_HINTS[folder]}
      </p>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {file ? (
        <FileLine name={file.name} detail={formatFileSize(file.size)} actionLabel={`Clear ${label}`} onAction={clear} disabled={disabled} />
      ) : currentUrl ? (
        <FileLine
          name={fileNameOf(currentUrl)}
          href={currentUrl}
          detail="current file"
          actionLabel={onRemoveCurrent ? `Remove current ${label}` : undefined}
          onAction={onRemoveCurrent}
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

function FileLine({
  name,
  detail,
  href,
  actionLabel,
  onAction,
  disabled,
}: {
  name: string;
  detail: string;
  href?: string;
  actionLabel?: string | undefined;
  onAction?: (() => void) | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 px-2 py-1.5 text-sm">
      <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate">
        {href ? (
          <a href={href} target="_blank" rel="noreferrer" className="underline-offset-4 hover:underline">
            {name}
          </a>
        ) : (
          name
        )}
        <span className="text-muted-foreground"> · {detail}</span>
      </span>
      {actionLabel && onAction ? (
        <Button variant="ghost" size="icon" className="size-7" aria-label={actionLabel} onClick={onAction} disabled={disabled}>
          <XIcon aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}
