import { parentPort } from 'node:worker_threads';
import { describeError } from '../readers/errors';
import { checkDocument } from '../engine/check-document';
import { proposeValues, type ProposedValue } from '../engine/model-extraction';
import { DocumentReadError, readDocument } from '../readers';
import type { CheckJob, CheckWorkerMessage, StoredFinding } from './protocol';

/*
 * A worker thread that reads and checks documents, one at a time, so that a 100-page PDF never
 * holds up the server's event loop. It holds no database: the runner sends the file and the
 * requirements library with each job, and stores what comes back.
 */

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread');

const send = (message: CheckWorkerMessage) => port.postMessage(message);

async function run(job: CheckJob): Promise<void> {
  try {
    const content = await readDocument(job.data, job.fileName, { maxPdfPages: job.maxPdfPages });
    send({ type: 'progress', stage: 'checking', percent: 50, pages: content.pages });
    let proposals: ProposedValue[] = [];
    let modelError: string | undefined;
    if (job.llm) {
      // The model is an extra pair of eyes: when it cannot be reached, the document is checked without it.
      proposals = await proposeValues(content, job.llm).catch((error: unknown) => {
        modelError = describeError(error);
        return [];
      });
    }
    const { findings } = checkDocument(content, job.library, { proposals });
    const findingsJson = findings.map((finding) =>
      JSON.stringify({ findingId: finding.id, verdict: finding.verdict, finding, extractedBy: finding.extractedBy ?? 'reader' } satisfies StoredFinding),
    );
    send({ type: 'done', pages: content.pages, contentJson: JSON.stringify(content), findingsJson, ...(modelError ? { modelError } : {}) });
  } catch (error) {
    if (error instanceof DocumentReadError) send({ type: 'unreadable', reason: error.reason, message: error.message, detail: error.detail });
    else send({ type: 'error', message: describeError(error), stack: error instanceof Error ? error.stack : undefined });
  }
}

port.on('message', (job: CheckJob) => void run(job));
