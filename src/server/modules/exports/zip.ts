import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { Db } from '../../db/client';
import { getCheckReport } from '../checks/service';
import * as repo from './repository';

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** A file name safe inside the zip: no folders, no control characters. */
const safeName = (name: string) => name.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 200) || 'document';

const README = `Your data from Trackside

account.json        your account and profile (e-mail, name, company, job title, phone, roles)
conversations/      each conversation with the Compliance Assistant, its messages and their citations
checks/<id>/        each document check: check.json (its findings), the document you uploaded and its report (DOCX)
forum.json          your topics, replies, saved topics, likes and reports
follows.json        the standards you follow
notices.json        the notices Trackside sent you
sessions.json       your sign-ins (device and address)
`;

/**
 * Streams one account's data as a zip: files are added one at a time, each read from the database
 * when its turn comes, and the writer waits whenever the reader (storage) is behind, so a large
 * account is never held in memory. Only rows of `userId` are read.
 */
export function accountZip(db: Db, userId: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (name: string, data: Uint8Array) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(data, true);
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  void (async () => {
    await add('README.txt', new TextEncoder().encode(README));
    await add('account.json', json(await repo.accountOf(db, userId)));
    for (const id of await repo.threadIdsOf(db, userId)) {
      const thread = await repo.threadWithMessages(db, userId, id);
      if (thread) await add(`conversations/${id}.json`, json(thread));
    }
    for (const id of await repo.checkIdsOf(db, userId)) {
      const check = await repo.checkWithFindings(db, userId, id);
      if (!check) continue;
      await add(`checks/${id}/check.json`, json(check.data));
      const file = await repo.checkFileOf(db, id);
      if (file) await add(`checks/${id}/${safeName(check.documentName)}`, new Uint8Array(file.data));
      if (check.done) {
        // The same DOCX report the checks page downloads, rendered from the stored findings.
        const report = await getCheckReport(db, { userId }, id);
        await add(`checks/${id}/${safeName(report.fileName)}`, report.data);
      }
    }
    await add('forum.json', json(await repo.forumOf(db, userId)));
    await add('follows.json', json(await repo.followsOf(db, userId)));
    await add('notices.json', json(await repo.noticesOf(db, userId)));
    await add('sessions.json', json(await repo.sessionsOf(db, userId)));
    zip.end();
  })().catch((error: unknown) => {
    zip.terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
