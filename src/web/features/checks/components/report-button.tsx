import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import type { Check } from '../../../../shared/schemas/checks';
import { Button } from '../../../components/ui/button';
import { downloadReport } from '../api/download-report';

const text = messages.checkPage.report;

/** Downloads the check's Word report (summary, findings, redlines with tracked changes and clause comments). */
export function ReportButton({ check }: { check: Pick<Check, 'id' | 'document'> }) {
  const [isBusy, setIsBusy] = useState(false);
  const handleDownload = async () => {
    setIsBusy(true);
    try {
      await downloadReport(check);
    } catch {
      // The API client has shown why.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button onClick={() => void handleDownload()} disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
      {isBusy ? text.downloading : text.download}
    </Button>
  );
}
