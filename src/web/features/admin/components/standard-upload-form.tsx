import { LoaderCircleIcon, UploadIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CHAT_DISCIPLINES, DEFAULT_DISCIPLINE, STANDARD_CATALOGUE } from '../../../../shared/constants';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { StandardOptions } from '../../../components/standard-options';
import { TextField } from '../../../components/ui/text-field';
import { useUploadStandardDocument } from '../api/standards-documents';
import { describeUpload, STANDARD_UPLOAD_ACCEPT, standardFileProblem } from '../lib/upload';

/** The select's value for "a code not in the list". */
const OTHER = '__other__';

type StandardOption = Pick<StandardSummary, 'code' | 'name' | 'jurisdiction' | 'enabled'>;

/** The library's standards and the product's catalogue, each once: any of them can take a document. */
function standardOptions(standards: readonly StandardSummary[] | undefined): StandardOption[] {
  const byCode = new Map<string, StandardOption>();
  for (const s of standards ?? []) byCode.set(s.code, { code: s.code, name: s.name, jurisdiction: s.jurisdiction, enabled: true });
  for (const s of STANDARD_CATALOGUE) if (!byCode.has(s.code)) byCode.set(s.code, { code: s.code, name: s.name, jurisdiction: s.jurisdiction, enabled: true });
  return [...byCode.values()];
}

/**
 * Uploads a standards document (PDF, DOCX, TXT/Markdown, JSONL, eCFR XML) into a standard:
 * the server parses it into clauses and imports it as that document's current edition.
 */
export function StandardUploadForm({ standards }: { standards: readonly StandardSummary[] | undefined }) {
  const options = useMemo(() => standardOptions(standards), [standards]);
  const [standard, setStandard] = useState<string>(options[0]?.code ?? OTHER);
  const [otherCode, setOtherCode] = useState('');
  const [discipline, setDiscipline] = useState<string>(DEFAULT_DISCIPLINE);
  const [alsoServes, setAlsoServes] = useState<readonly string[]>([]);
  const [edition, setEdition] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadStandardDocument();
  const ids = { standard: useId(), discipline: useId(), alsoServes: useId(), file: useId(), fileHint: useId(), fileError: useId(), status: useId() };

  const reset = () => {
    setEdition('');
    setTitle('');
    setFile(null);
    setFileError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    setServerError(undefined);
    const code = standard === OTHER ? otherCode.trim() : standard;
    const missingCode = code === '' ? 'Enter the code of the standard' : undefined;
    const badFile = file ? standardFileProblem(file) : 'Choose a file to upload';
    setCodeError(missingCode);
    setFileError(badFile);
    if (missingCode || badFile || !file) return;

    try {
      const result = await upload.mutateAsync({
        standard: code,
        disciplines: [discipline, ...alsoServes.filter((d) => d !== discipline)],
        edition,
        title,
        file,
      });
      const summary = describeUpload(result);
      toast.success(summary.title, { description: summary.description });
      reset();
    } catch (error) {
      const message = error instanceof AppError ? error.message : messages.api.unexpected;
      setServerError(message);
      toast.error('Upload Failed', { description: message });
    }
  };

  return (
    <form
      aria-label="Upload a standards document"
      className="grid gap-4"
      onSubmit={(e) => void handleSubmit(e)}
      noValidate
      aria-describedby={serverError ? ids.status : undefined}
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.standard}>Standard</Label>
        <NativeSelect id={ids.standard} value={standard} onChange={(e) => setStandard(e.target.value)} disabled={upload.isPending}>
          <StandardOptions standards={options} comingSoonApart={false} label={(s) => (s.name === s.code ? s.code : `${s.code} — ${s.name}`)} />
          <option value={OTHER}>Other (enter a code)</option>
        </NativeSelect>
      </div>
      {standard === OTHER ? (
        <TextField
          label="Standard code"
          value={otherCode}
          onChange={(e) => setOtherCode(e.target.value)}
          error={codeError}
          hint="The code of a standard already in the library."
          autoComplete="off"
          disabled={upload.isPending}
        />
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={ids.discipline}>Discipline</Label>
        <NativeSelect id={ids.discipline} value={discipline} onChange={(e) => setDiscipline(e.target.value)} disabled={upload.isPending}>
          {CHAT_DISCIPLINES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset className="grid gap-2" disabled={upload.isPending} aria-describedby={ids.alsoServes}>
        <legend className="text-sm font-medium">Also serves (optional)</legend>
        <p id={ids.alsoServes} className="text-xs text-muted-foreground">
          A document may serve more than one discipline; questions in any of them find it first.
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {CHAT_DISCIPLINES.filter((d) => d !== discipline).map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={alsoServes.includes(d)}
                onChange={(e) => setAlsoServes((list) => (e.target.checked ? [...list, d] : list.filter((x) => x !== d)))}
              />
              {d}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <TextField
          label="Edition (optional)"
          value={edition}
          onChange={(e) => setEdition(e.target.value)}
          placeholder="e.g. Rev 3, 2024"
          maxLength={200}
          autoComplete="off"
          disabled={upload.isPending}
        />
        <TextField
          label="Title (optional)"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="From the file"
          maxLength={300}
          autoComplete="off"
          disabled={upload.isPending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.file}>File</Label>
        <Input
          ref={fileInput}
          id={ids.file}
          type="file"
          accept={STANDARD_UPLOAD_ACCEPT}
          disabled={upload.isPending}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${ids.fileHint} ${ids.fileError}` : ids.fileHint}
          className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setServerError(undefined);
            setFileError(chosen ? standardFileProblem(chosen) : undefined);
          }}
        />
        <p id={ids.fileHint} className="text-xs text-muted-foreground">
          PDF, DOCX, TXT, Markdown, JSONL or eCFR XML, up to 20 MB. Numbered headings become sections and (a), (1) paragraphs become clauses.
        </p>
        {fileError ? (
          <p id={ids.fileError} role="alert" className="text-sm font-medium text-destructive">
            {fileError}
          </p>
        ) : null}
      </div>
      {serverError ? (
        <p id={ids.status} role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {serverError}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={upload.isPending} className="w-full sm:w-auto">
          {upload.isPending ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <UploadIcon aria-hidden />}
          {upload.isPending ? 'Uploading...' : 'Upload and import'}
        </Button>
      </div>
    </form>
  );
}
