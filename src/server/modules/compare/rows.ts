import type { CompareRow } from '../../../shared/schemas/compare';
import { REQUIREMENT_PARAMETERS, type LoadedRequirement } from '../../../shared/schemas/requirements';

/** A column as the rows need it: its standard and the sections it cites, best first. */
export interface RowColumn {
  standard: string;
  sections: string[];
}

const COMPARATOR_WORDS: Record<string, string> = { '<=': '≤', '<': '<', '>=': '≥', '>': '>' };

/** `213.109(b)(4)` → `213.109`. */
const sectionOf = (ref: string) => ref.replace(/\(.*$/, '').trim();

function valueOf(requirement: LoadedRequirement): { value: string; unit: string; ref: string } {
  const comparator = COMPARATOR_WORDS[requirement.comparator] ?? requirement.comparator;
  if (requirement.kind === 'limit') return { value: `${comparator} ${requirement.limit.value}`, unit: requirement.limit.unit, ref: requirement.ref };
  return { value: `${comparator} ${requirement.formula.expression}`, unit: requirement.formula.result.unit, ref: requirement.ref };
}

/** Fewer conditions first: the general rule of a section before its special cases. */
const specificity = (r: LoadedRequirement) => Object.keys(r.conditions).length;

/**
 * The matrix's rows: each parameter the requirements library holds, verified, in a section two
 * or more columns cite, with each standard's value. A column's value is its most general
 * requirement for the parameter in the sections it cites (the best-ranked section first).
 * Requirements that are disabled (their quote no longer in the library) never appear.
 */
export function requirementRows(columns: RowColumn[], requirements: readonly LoadedRequirement[]): CompareRow[] {
  const byParameter = new Map<string, Map<string, LoadedRequirement>>();
  for (const column of columns) {
    const candidates = requirements
      .filter((r) => r.status === 'enabled' && r.standard === column.standard && column.sections.includes(sectionOf(r.ref)))
      .sort((a, b) => column.sections.indexOf(sectionOf(a.ref)) - column.sections.indexOf(sectionOf(b.ref)) || specificity(a) - specificity(b));
    for (const requirement of candidates) {
      const values = byParameter.get(requirement.parameter) ?? new Map<string, LoadedRequirement>();
      if (!values.has(column.standard)) values.set(column.standard, requirement);
      byParameter.set(requirement.parameter, values);
    }
  }
  const rows: CompareRow[] = [];
  for (const [parameter, values] of byParameter) {
    if (values.size < 2) continue;
    rows.push({
      parameter: REQUIREMENT_PARAMETERS[parameter as keyof typeof REQUIREMENT_PARAMETERS] ?? parameter,
      values: Object.fromEntries([...values].map(([standard, requirement]) => [standard, valueOf(requirement)])),
    });
  }
  return rows;
}
