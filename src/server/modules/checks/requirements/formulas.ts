import type { RequirementFormula } from '../../../../shared/schemas/requirements';

/**
 * Formulas requirements state instead of a fixed limit. The expression is what the clause
 * says (its quote must hold the constants), the evaluator is the one place it is computed.
 */
export interface FormulaDefinition extends RequirementFormula {
  evaluate(variables: Readonly<Record<string, number>>): number;
}

function need(variables: Readonly<Record<string, number>>, symbol: string): number {
  const value = variables[symbol];
  if (value === undefined || !Number.isFinite(value)) throw new Error(`formula needs a number for ${symbol}`);
  return value;
}

/** § 213.57(b): Vmax = √((Ea + Eu)/(0.0007·D)), Ea and Eu in inches, D in degrees, Vmax in mph. */
export const CURVE_VMAX: FormulaDefinition = {
  id: 'curve-vmax',
  expression: 'Vmax = √((Ea + Eu)/(0.0007·D))',
  result: { symbol: 'Vmax', unit: 'mph' },
  variables: [
    { symbol: 'Ea', meaning: 'actual elevation of the outside rail', unit: 'in' },
    { symbol: 'Eu', meaning: 'qualified cant deficiency of the vehicle type', unit: 'in' },
    { symbol: 'D', meaning: 'degree of curvature', unit: 'deg' },
  ],
  evaluate(v) {
    const degree = need(v, 'D');
    if (degree <= 0) return Number.POSITIVE_INFINITY; // tangent track: the formula sets no curving limit
    return Math.sqrt((need(v, 'Ea') + need(v, 'Eu')) / (0.0007 * degree));
  },
};

/** Every formula by id. */
export const FORMULAS: Readonly<Record<string, FormulaDefinition>> = { [CURVE_VMAX.id]: CURVE_VMAX };

/** The data a requirement carries of a formula (the evaluator stays here). */
export function formulaData(definition: FormulaDefinition): RequirementFormula {
  const { id, expression, result, variables } = definition;
  return { id, expression, result, variables };
}

/** Evaluates a requirement's formula by id; throws for an unknown id or a missing variable. */
export function evaluateFormula(id: string, variables: Readonly<Record<string, number>>): number {
  const definition = FORMULAS[id];
  if (!definition) throw new Error(`unknown formula ${id}`);
  return definition.evaluate(variables);
}
