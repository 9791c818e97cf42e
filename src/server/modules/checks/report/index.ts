import { Document, HeadingLevel, LevelFormat, Packer, PageOrientation, Paragraph, TextRun, type FileChild } from 'docx';
import type { Check } from '../../../../shared/schemas/checks';
import { describeLocation } from './locations';
import { buildRedline, ChangeIds, type Revision } from './redline';
import { fact, findingsTable, overridesTable } from './tables';
import { textParagraph, textRuns, xmlSafe } from './text-runs';
import { countVerdicts, effectiveVerdict } from './verdicts';
import { clauseCitation, parameterLabel, REPORT_WORDING, reportTime, statedValue } from './wording';

const w = REPORT_WORDING;
const BULLETS = 'needs-review';

function heading(text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_1): Paragraph {
  return new Paragraph({ heading: level, children: textRuns(text) });
}

function opening(check: Check, generatedAt: Date): FileChild[] {
  const document = check.document;
  const children: FileChild[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(w.title)] }),
    fact(w.facts.document, document.name),
    fact(w.facts.type, document.type.toUpperCase()),
  ];
  if (document.pages !== undefined) children.push(fact(w.facts.pages, String(document.pages)));
  children.push(
    fact(w.facts.standard, check.standard),
    fact(w.facts.edition, check.edition ?? w.editionUnknown),
    fact(w.facts.checked, reportTime(check.finishedAt ?? check.createdAt)),
    fact(w.facts.checkedBy, check.owner),
    fact(w.facts.generated, reportTime(generatedAt)),
  );
  if (check.status !== 'done') children.push(textParagraph(w.notFinished(check.status, check.error), { italics: true }));
  return children;
}

function summary(check: Check): FileChild[] {
  const counts = countVerdicts(check);
  const children: FileChild[] = [heading(w.headings.summary)];
  if (check.findings.length === 0) return [...children, textParagraph(w.noFindings)];
  return [...children, textParagraph(w.summaryLine(counts)), textParagraph(w.overriddenLine(counts.overridden))];
}

/** Each needs-review item: what, why (the message) and where. */
function needsReview(check: Check): FileChild[] {
  const items = check.findings.filter((f) => effectiveVerdict(f) === 'needs_review');
  if (items.length === 0) return [heading(w.headings.needsReview), textParagraph(w.noNeedsReview)];
  return [
    heading(w.headings.needsReview),
    ...items.map(
      (finding) =>
        new Paragraph({
          numbering: { reference: BULLETS, level: 0 },
          children: [
            new TextRun({ text: `${parameterLabel(finding)}: ${statedValue(finding)}`, bold: true }),
            ...textRuns(` — ${describeLocation(finding.location, check.document.type)}`),
            ...(finding.requirement ? textRuns(` (${clauseCitation(finding.requirement)})`) : []),
            ...textRuns(`. ${finding.message}`),
            ...(finding.reviewer ? textRuns(` ${w.redline.reviewer(finding.reviewer.by, reportTime(finding.reviewer.at), finding.reviewer.note)}`) : []),
          ],
        }),
    ),
  ];
}

/**
 * The DOCX report of a check, in the order a reviewer reads it: what was checked, the summary
 * (with reviewer overrides), the redline of each non-conformance as tracked changes with a
 * comment citing the clause, the needs-review items, the audit trail of overrides, the table of
 * every finding, and the library edition the quotes were verified against. No I/O: what the report says
 * depends only on the check and `generatedAt` (the package's own file timestamps aside).
 */
export async function buildCheckReport(check: Check, options: { generatedAt?: Date } = {}): Promise<Uint8Array> {
  const generatedAt = options.generatedAt ?? new Date();
  const revision: Revision = { author: w.author, date: generatedAt };
  const ids = new ChangeIds();
  const redline = buildRedline(check, revision, ids);
  const table = findingsTable(check);
  const overrides = overridesTable(check);

  const children: FileChild[] = [
    ...opening(check, generatedAt),
    ...summary(check),
    heading(w.headings.redline),
    ...(redline.paragraphs.length > 0 ? [textParagraph(w.redline.intro), ...redline.paragraphs] : [textParagraph(w.noNonConformances)]),
    ...needsReview(check),
    heading(w.headings.overrides),
    overrides ?? textParagraph(w.noOverrides),
    // Every finding, conforming ones included, runs to pages on a schedule: it follows what a reviewer acts on.
    heading(w.headings.findings),
    table ?? textParagraph(w.noFindings),
    heading(w.headings.library),
    fact(w.facts.edition, check.edition ?? w.editionUnknown),
    textParagraph(w.verification(check.edition ?? w.editionUnknown)),
  ];

  const document = new Document({
    creator: w.author,
    // The file name is the uploader's: a control character in it would make docProps/core.xml invalid.
    title: xmlSafe(`${w.title}: ${check.document.name}`),
    description: xmlSafe(`${check.standard} check of ${check.document.name}`),
    comments: { children: redline.comments },
    numbering: {
      config: [
        { reference: BULLETS, levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', style: { paragraph: { indent: { left: 567, hanging: 283 } } } }] },
      ],
    },
    sections: [
      {
        properties: {
          // docx takes the portrait size and swaps it for a landscape page (Letter, for the wide findings table).
          page: { size: { orientation: PageOrientation.LANDSCAPE, width: 12240, height: 15840 }, margin: { top: 1080, bottom: 1080, left: 1080, right: 1080 } },
        },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
