import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { parseJsonl } from '../standards/importers/jsonl';
import { importDocument, seedStandardCatalogue } from '../standards/service';
import { answerQuestion } from './extractive-answer';

const GRADE_CROSSINGS = 'CA Grade Crossings Regulations';
const file = path.resolve(import.meta.dirname, '../../../../standards/canada/grade-crossings-regulations.jsonl');

describe('a declined answer of a Canadian standard', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedStandardCatalogue(database.db);
    for (const document of parseJsonl(readFileSync(file, 'utf8'), { fileName: path.basename(file) }))
      await importDocument(database.db, GRADE_CROSSINGS, document);
  });
  afterAll(() => database.close());

  it('names the related sections as the regulation cites them, not by the standard code and a bare number', async () => {
    const answer = await answerQuestion(database.db, {
      standardCode: GRADE_CROSSINGS,
      standardName: 'Grade Crossings Regulations (SOR/2014-275)',
      question: 'How often must overhead catenary wire be tensioned?',
    });
    expect(answer.coverage.status).toBe('not_covered');
    const related = answer.response.split('\n').filter((line) => line.startsWith('- '));
    expect(related.length).toBeGreaterThan(0);
    for (const line of related) expect(line).toMatch(/^- SOR\/2014-275, s\. \d+(\.\d+)? — \S/);
    expect(answer.response).not.toContain(`${GRADE_CROSSINGS} `);
  });
});
