import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clause, Section, SectionSummary, StandardDetail } from '../../../../shared/schemas/standards';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { libraryFixture } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { StandardsBrowser } from './standards-browser';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const part213 = { id: 'd-213', title: 'Part 213', edition: '2025' };
const part234 = { id: 'd-234', title: 'Part 234', edition: '2025' };
const sections: SectionSummary[] = [
  { section: '213.1', heading: 'Scope of part.', subpart: 'A', document: part213 },
  { section: '213.53', heading: 'Gage.', subpart: 'D', document: part213 },
  { section: '234.1', heading: 'Scope.', subpart: 'A', document: part234 },
];
const cfr: StandardDetail = {
  ...libraryFixture[0]!,
  documents: [
    { ...part213, source: 'eCFR (www.ecfr.gov)', disciplines: ['Track and Civil'], clauseCount: 3 },
    { ...part234, source: 'eCFR (www.ecfr.gov)', disciplines: ['Signaling'], clauseCount: 1 },
  ],
};

const GRADE_CROSSINGS = 'CA Grade Crossings Regulations';
const sor = { id: 'd-sor', title: 'SOR/2014-275', edition: 'Justice Laws consolidated XML, current to 2025-07-24' };
const source = 'Justice Laws Website, https://laws-lois.justice.gc.ca/eng/regulations/SOR-2014-275/ (consolidated XML, justicecanada/laws-lois-xml)';
const gradeCrossings: StandardDetail = {
  ...libraryFixture.find((s) => s.code === GRADE_CROSSINGS)!,
  documents: [{ ...sor, source, disciplines: ['Signaling'], clauseCount: 144 }],
};
const definition = 'SOR/2014-275, s. 1(1) "Advisory Speed Tab sign"';
function canadianClause(ref: string, section: string, heading: string, text: string): Clause {
  return { standard: GRADE_CROSSINGS, ref, section, heading, subpart: 'Interpretation', text, discipline: 'Signaling', document: sor };
}
const definitions: Section = {
  section: '1',
  heading: 'Definitions',
  clauses: [
    canadianClause('SOR/2014-275, s. 1(1)', '1', 'Definitions', '(1) The following definitions apply in these Regulations.'),
    canadianClause(definition, '1', 'Definitions', 'Advisory Speed Tab sign means the sign referred to in article 8.2.1 of the Grade Crossings Standards.'),
  ],
};
const section12: Section = { section: '12', heading: 'Information', clauses: [canadianClause('SOR/2014-275, s. 12', '12', 'Information', 'A road authority must share…')] };
const canadianSections: SectionSummary[] = [
  { section: '1', heading: 'Definitions', subpart: 'Interpretation', document: sor },
  { section: '12', heading: 'Information', subpart: 'Information Sharing / Road Authority', document: sor },
];

const EU = 'EU TSI CCS (Decision 2012/88/EU)';
const annex = { id: 'd-eu', title: '2012/88/EU Annex', edition: 'Annex to Commission Decision 2012/88/EU' };
const tsiClause: Clause = {
  standard: EU,
  ref: 'TSI CCS 4.2.1',
  section: '4.2.1',
  heading: 'Control-Command and Signalling safety characteristics relevant to interoperability',
  subpart: '4 — CHARACTERISATION OF THE SUBSYSTEMS',
  text: 'This basic parameter describes the requirements…',
  discipline: 'Signaling',
  document: annex,
};

const encode = encodeURIComponent;

const routes = [
  { path: '/standards', element: <StandardsBrowser /> },
  { path: '/standards/:code', element: <StandardsBrowser /> },
  { path: '/standards/:code/:ref', element: <StandardsBrowser /> },
];

describe('StandardsBrowser', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    mockApiGet({
      '/standards': libraryFixture,
      '/standards/49%20CFR': cfr,
      '/standards/49%20CFR/sections': sections,
      '/standards/49%20CFR/sections/213.53': { section: '213.53', heading: 'Gage.', clauses: [] },
      [`/standards/${encode(GRADE_CROSSINGS)}`]: gradeCrossings,
      [`/standards/${encode(GRADE_CROSSINGS)}/sections`]: canadianSections,
      [`/standards/${encode(GRADE_CROSSINGS)}/sections/1`]: definitions,
      [`/standards/${encode(GRADE_CROSSINGS)}/sections/12`]: section12,
      [`/standards/${encode(GRADE_CROSSINGS)}/clauses/${encode(definition)}`]: definitions.clauses[1],
      [`/standards/${encode(EU)}`]: { ...libraryFixture.find((s) => s.code === EU)!, documents: [] },
      [`/standards/${encode(EU)}/sections`]: [{ section: '4.2.1', heading: tsiClause.heading, subpart: tsiClause.subpart, document: annex }],
      [`/standards/${encode(EU)}/sections/4.2.1`]: { section: '4.2.1', heading: tsiClause.heading, clauses: [tsiClause] },
      [`/standards/${encode(EU)}/clauses/${encode('TSI CCS 4.2.1')}`]: tsiClause,
    });
  });

  it('lists the standards grouped by jurisdiction, the United States, Canada and the EU first, those not loaded last', async () => {
    renderRoutes(routes, '/standards');
    expect(await screen.findByRole('heading', { name: 'United States', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Standards Library', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['United States', 'Canada', 'European Union', 'Coming soon']);
    const canada = screen.getByRole('list', { name: 'Canada' });
    expect(within(canada).getByRole('link', { name: /Grade Crossings Regulations \(SOR\/2014-275\)\s*144 clauses/ })).toHaveAttribute(
      'href',
      '/standards/CA%20Grade%20Crossings%20Regulations',
    );
    expect(within(screen.getByRole('list', { name: 'United States' })).getByRole('link', { name: /49 CFR.*2,991 clauses/ })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'European Union' })).getByRole('link', { name: /Control-Command and Signalling/ })).toHaveAttribute(
      'href',
      '/standards/EU%20TSI%20CCS%20(Decision%202012%2F88%2FEU)',
    );
    const comingSoon = screen.getByRole('list', { name: 'Coming soon' });
    expect(within(comingSoon).getByText('Metro Trains Melbourne')).toBeInTheDocument();
    expect(within(comingSoon).queryByRole('link')).not.toBeInTheDocument();
    // The Comparative Table is no standard coming: it compares the loaded ones, on /compare.
    expect(within(comingSoon).queryByText('Comparative Table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Comparative Table: Compare Standards/ })).toHaveAttribute('href', '/compare');
  });

  it("lists a standard's documents closed, and renders a document's sections once it is opened", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/standards/49%20CFR');
    const tree = await screen.findByRole('list', { name: 'Documents' });
    expect(within(tree).getByText('Part 213')).toBeInTheDocument();
    expect(within(tree).getByText('Part 234')).toBeInTheDocument();
    // Closed: their sections are not rendered at all.
    expect(screen.queryByRole('link', { name: /213\.53/ })).not.toBeInTheDocument();

    await user.click(within(tree).getByText('Part 213'));
    expect(await screen.findByRole('link', { name: /213\.53\s*Gage\./ })).toBeInTheDocument();
    expect(screen.getByText('Subpart D')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /234\.1/ })).not.toBeInTheDocument();

    // A search opens every document it matches.
    await user.type(screen.getByRole('searchbox', { name: 'Search sections' }), 'scope');
    expect(await screen.findByRole('link', { name: /234\.1\s*Scope\./ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /213\.1\s*Scope of part\./ })).toBeInTheDocument();
  });

  it('opens the document of the section shown', async () => {
    renderRoutes(routes, '/standards/49%20CFR?section=213.53');
    expect(await screen.findByRole('link', { name: /213\.53\s*Gage\./ })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: /234\.1/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '§ 213.53 Gage.', level: 2 })).toBeInTheDocument();
  });

  it("shows a Canadian standard's document with its edition and source, its only document open, its divisions as written", async () => {
    renderRoutes(routes, `/standards/${encode(GRADE_CROSSINGS)}`);
    expect(await screen.findByRole('heading', { name: 'Grade Crossings Regulations (SOR/2014-275)', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Canada · 144 clauses')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Standards Library' })).toHaveAttribute('href', '/standards');
    const documents = await screen.findByRole('list', { name: 'Documents of this standard' });
    expect(within(documents).getByText('SOR/2014-275')).toBeInTheDocument();
    expect(within(documents).getByText(sor.edition)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2014-275/' });
    expect(link).toHaveAttribute('href', 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2014-275/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link.closest('p')).toHaveTextContent(`Source: ${source}`);
    // One document: its sections are listed at once, under the regulation's own headings.
    expect(await screen.findByRole('link', { name: /^12\s*Information$/ })).toHaveAttribute('href', '/standards/CA%20Grade%20Crossings%20Regulations?section=12');
    expect(screen.getByText('Information Sharing / Road Authority')).toBeInTheDocument();
    expect(screen.queryByText(/Subpart/)).not.toBeInTheDocument();
    // The standard select lists its jurisdictions as groups.
    const select = screen.getByRole('combobox', { name: 'Standard' });
    expect([...select.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['United States', 'Canada', 'European Union', 'Coming soon']);
    expect(select).toHaveValue(GRADE_CROSSINGS);
  });

  it('opens a deep link to a Canadian definition, its ref holding a slash, a comma, parentheses and quotes', async () => {
    renderRoutes(routes, `/standards/${encode(GRADE_CROSSINGS)}/${encode(definition)}`);
    expect(await screen.findByRole('heading', { name: 'SOR/2014-275, s. 1 Definitions', level: 2 })).toBeInTheDocument();
    const target = screen.getByRole('article', { name: definition });
    expect(within(target).getByRole('link', { name: `Link to ${definition}` })).toHaveAttribute(
      'href',
      '/standards/CA%20Grade%20Crossings%20Regulations/SOR%2F2014-275%2C%20s.%201(1)%20%22Advisory%20Speed%20Tab%20sign%22',
    );
    expect(within(target).getByRole('link', { name: `Link to ${definition}` })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('article', { name: 'SOR/2014-275, s. 1(1)' })).toBeInTheDocument();
  });

  it('opens the section of a Canadian paragraph the library holds no clause of', async () => {
    renderRoutes(routes, `/standards/${encode(GRADE_CROSSINGS)}/${encode('SOR/2014-275, s. 12(1)(a)')}`);
    expect(await screen.findByRole('heading', { name: 'SOR/2014-275, s. 12 Information', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('SOR/2014-275, s. 12(1)(a) is not a separate clause in Grade Crossings Regulations (SOR/2014-275); showing its section.');
  });

  it('opens a deep link to the EU TSI, whose code holds a slash and parentheses, citing it as the TSI does', async () => {
    renderRoutes(routes, `/standards/${encode(EU)}/${encode('TSI CCS 4.2.1')}`);
    expect(await screen.findByRole('heading', { name: `TSI CCS 4.2.1 ${tsiClause.heading}`, level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'TSI CCS 4.2.1' })).toBeInTheDocument();
    expect(screen.getByText('European Union', { selector: 'li' })).toBeInTheDocument();
  });

  it('renders a long table of contents in full, and its plain section links navigate within the app', async () => {
    const user = userEvent.setup();
    const code = 'CA Railway Safety Appliance Standards Regulations';
    const crc = { id: 'd-crc', title: 'C.R.C., c. 1171', edition: 'current to 2025-07-24' };
    const long: SectionSummary[] = Array.from({ length: 150 }, (_, i) => ({ section: `Sch. I, s. ${i + 1}`, heading: `Heading ${i + 1}`, subpart: 'Schedule I', document: crc }));
    const last = long[149]!.section;
    mockApiGet({
      '/standards': [...libraryFixture, { code, name: 'Railway Safety Appliance Standards Regulations (C.R.C., c. 1171)', jurisdiction: 'Canada', enabled: true, clauseCount: 603 }],
      [`/standards/${encode(code)}`]: { code, name: 'Railway Safety Appliance Standards Regulations (C.R.C., c. 1171)', jurisdiction: 'Canada', enabled: true, clauseCount: 603, documents: [] },
      [`/standards/${encode(code)}/sections`]: long,
      [`/standards/${encode(code)}/sections/${encode(last)}`]: {
        section: last,
        heading: 'Heading 150',
        clauses: [{ ...canadianClause(`C.R.C., c. 1171, ${last}`, last, 'Heading 150', 'Text.'), standard: code, document: crc }],
      },
    });
    const { router } = renderRoutes(routes, `/standards/${encode(code)}`);
    // More than the first render's sixty: the rest follow.
    const link = await screen.findByText('Heading 150');
    expect(document.querySelectorAll('nav[aria-label="Sections"] a')).toHaveLength(150);
    expect(link.closest('a')).toHaveAttribute('href', `/standards/${encode(code)}?section=${encode(last)}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'C.R.C., c. 1171, Sch. I, s. 150 Heading 150', level: 2 })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?section=${encode(last)}`);
    expect(screen.getByText('Heading 150').closest('a')).toHaveAttribute('aria-current', 'page');
  }, 20_000);

  it('says so when the standard is not in the library', async () => {
    renderRoutes(routes, '/standards/Nowhere');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no standard called Nowhere in the library.');
    expect(screen.getByRole('link', { name: 'See every standard' })).toHaveAttribute('href', '/standards');
  });
});
