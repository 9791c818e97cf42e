import { IFCCONVERSIONBASEDUNIT, IFCMEASUREWITHUNIT, IFCSIUNIT, IFCUNITASSIGNMENT } from 'web-ifc';
import { numberOf, refOf, refsOf, textOf, type IfcModel } from './ifc-model';

/**
 * The length unit an IFC model states its lengths in (radii, stations, cant): IfcSIUnit with its
 * prefix (METRE, MILLI METRE, …) or an IfcConversionBasedUnit (foot, US survey foot, inch), as
 * the symbol the check's vocabulary knows ("m", "mm", "ft", "in").
 */
export interface LengthUnit {
  symbol: string;
  /** Metres in one unit. */
  metres: number;
}

const METRE: LengthUnit = { symbol: 'm', metres: 1 };

const SI_PREFIX: Record<string, LengthUnit> = {
  MILLI: { symbol: 'mm', metres: 0.001 },
  CENTI: { symbol: 'cm', metres: 0.01 },
  KILO: { symbol: 'km', metres: 1000 },
};

/** A conversion-based unit by its name, or else by its factor to metres. */
function conversionBasedUnit(name: string, metres: number | undefined): LengthUnit | undefined {
  const n = name.toLowerCase();
  if (/\bfoot\b|\bfeet\b|\bft\b/.test(n)) return { symbol: 'ft', metres: metres ?? 0.3048 };
  if (/\binch\b|\binches\b|\bin\b/.test(n)) return { symbol: 'in', metres: metres ?? 0.0254 };
  // A survey foot (0.3048006 m) differs from the foot by 2 ppm: the same unit for the check.
  if (metres !== undefined && Math.abs(metres / 0.3048 - 1) < 1e-5) return { symbol: 'ft', metres };
  if (metres !== undefined && Math.abs(metres / 0.0254 - 1) < 1e-5) return { symbol: 'in', metres };
  return undefined;
}

/** How deep conversion-based units may build on one another (a foot on the metre is 1); a cycle ends here. */
const MAX_UNIT_DEPTH = 4;

/** The unit a unit entity names, when it is a length unit. */
export function lengthUnitOf(model: IfcModel, id: number, depth = 0): LengthUnit | undefined {
  if (depth > MAX_UNIT_DEPTH) return undefined;
  const unit = model.line(id);
  if (!unit || textOf(unit.UnitType) !== 'LENGTHUNIT') return undefined;
  if (unit.type === IFCSIUNIT) {
    if (textOf(unit.Name) !== 'METRE') return undefined;
    const prefix = textOf(unit.Prefix);
    return prefix ? SI_PREFIX[prefix] : METRE;
  }
  if (unit.type === IFCCONVERSIONBASEDUNIT) {
    const factorId = refOf(unit.ConversionFactor);
    const factor = factorId === undefined ? undefined : model.line(factorId);
    let metres: number | undefined;
    if (factor?.type === IFCMEASUREWITHUNIT) {
      const value = numberOf(factor.ValueComponent)?.value;
      const baseId = refOf(factor.UnitComponent);
      const base = baseId === undefined ? undefined : lengthUnitOf(model, baseId, depth + 1);
      if (value !== undefined && base) metres = value * base.metres;
    }
    return conversionBasedUnit(textOf(unit.Name) ?? '', metres);
  }
  return undefined;
}

/**
 * The model's length unit from its IfcUnitAssignment. A model that assigns none is read in
 * metres, the SI unit IFC falls back to.
 */
export function modelLengthUnit(model: IfcModel): LengthUnit {
  for (const assignment of model.idsOfType(IFCUNITASSIGNMENT)) {
    for (const id of refsOf(model.line(assignment)?.Units)) {
      const unit = lengthUnitOf(model, id);
      if (unit) return unit;
    }
  }
  return METRE;
}
