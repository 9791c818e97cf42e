import { IFCPROPERTYSET, IFCPROPERTYSINGLEVALUE, IFCRELASSIGNSTOGROUP, IFCRELDEFINESBYPROPERTIES } from 'web-ifc';
import { numberOf, refOf, refsOf, textOf, type IfcModel } from './ifc-model';
import { lengthUnitOf, type LengthUnit } from './ifc-units';

/**
 * The property sets of an IFC model, as what each object states: a property's name turned into a
 * column title with its unit ("DesignSpeed_Freight_mph" → "Design Speed Freight (mph)"), its value
 * as the file writes it, and the id of the IfcPropertySingleValue that states it.
 */

export interface IfcProperty {
  /** "#204" */
  entity: string;
  name: string;
  /** The title the property is tabled under, its unit in brackets where one is known. */
  title: string;
  /** The value as a cell shows it: a number as the file writes it ("60", "0.1905"), or the text. */
  text: string;
  isNumber: boolean;
}

/** Unit words a property name may end with ("_mph", "_in"), by the symbol the check knows. */
const NAME_UNITS: Record<string, string> = {
  mph: 'mph',
  kmh: 'km/h',
  kph: 'km/h',
  kmph: 'km/h',
  mps: 'm/s',
  in: 'in',
  inch: 'in',
  inches: 'in',
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  ft: 'ft',
  feet: 'ft',
  deg: 'deg',
  s: 's',
  sec: 's',
  days: 'day',
};

/** The unit of a typed measure (`IFCLENGTHMEASURE(0.1905)` in the model's length unit, a velocity in m/s). */
function measureUnit(typeName: string | undefined, length: LengthUnit): string | undefined {
  if (!typeName) return undefined;
  if (/LENGTHMEASURE$/.test(typeName)) return length.symbol;
  if (typeName === 'IFCLINEARVELOCITYMEASURE') return 'm/s';
  return undefined;
}

/** "DesignSpeedFreight" → "Design Speed Freight", "FRAClass" → "FRA Class", "cant_deficiency" → "cant deficiency". */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim();
}

/**
 * The column title of a property: its name in words, and the unit its name ends with ("_mph",
 * "_in", " (mph)") or its value's type or unit states, in brackets.
 */
export function propertyTitle(name: string, valueUnit?: string): string {
  if (/\([^()]+\)\s*$/.test(name)) return name.trim();
  const parts = name.split('_').filter((part) => part !== '');
  const last = parts.at(-1)?.toLowerCase();
  const named = parts.length > 1 && last ? NAME_UNITS[last] : undefined;
  const base = words((named ? parts.slice(0, -1) : parts).join('_'));
  const unit = named ?? valueUnit;
  return unit ? `${base} (${unit})` : base;
}

/** A number as a cell shows it: the file's figure without the trailing point STEP writes ("60." → "60"). */
export function figureText(raw: string, value: number): string {
  const figure = raw.replace(/\.$/, '').replace(/^\+/, '');
  return /^-?\d+(?:\.\d+)?$/.test(figure) ? figure : String(value);
}

function readProperty(model: IfcModel, id: number, length: LengthUnit): IfcProperty | undefined {
  const line = model.line(id);
  if (line?.type !== IFCPROPERTYSINGLEVALUE) return undefined;
  const name = textOf(line.Name);
  if (!name) return undefined;
  const nominal = line.NominalValue as { name?: string; value?: unknown } | null | undefined;
  if (!nominal) return undefined;
  const unitId = refOf(line.Unit);
  const explicit = unitId === undefined ? undefined : lengthUnitOf(model, unitId)?.symbol;
  const number = numberOf(nominal);
  if (number) {
    const title = propertyTitle(name, explicit ?? measureUnit(nominal.name, length));
    return { entity: `#${id}`, name, title, text: figureText(number.raw, number.value), isNumber: true };
  }
  const text = typeof nominal.value === 'boolean' ? (nominal.value ? 'Yes' : 'No') : textOf(nominal);
  if (text === undefined) return undefined;
  // IfcBoolean and IfcLogical come as enumerations: T, F (and U, unknown).
  const shown = nominal.name === 'IFCBOOLEAN' || nominal.name === 'IFCLOGICAL' ? ({ T: 'Yes', F: 'No' }[text] ?? text) : text;
  return { entity: `#${id}`, name, title: propertyTitle(name), text: shown, isNumber: false };
}

/**
 * The properties each object states, by its id: those of the property sets related to it, and
 * those of the groups it is assigned to (a curve grouping's design speed applies to its segments).
 * Within an object, the first property set relationship in the file comes first.
 */
export function propertiesByObject(model: IfcModel, length: LengthUnit): Map<number, IfcProperty[]> {
  const byObject = new Map<number, IfcProperty[]>();
  const add = (object: number, properties: IfcProperty[]) => byObject.set(object, [...(byObject.get(object) ?? []), ...properties]);
  for (const relId of model.idsOfType(IFCRELDEFINESBYPROPERTIES)) {
    const rel = model.line(relId);
    const setId = refOf(rel?.RelatingPropertyDefinition);
    const set = setId === undefined ? undefined : model.line(setId);
    if (set?.type !== IFCPROPERTYSET) continue;
    const properties = refsOf(set.HasProperties)
      .map((id) => readProperty(model, id, length))
      .filter((p): p is IfcProperty => p !== undefined);
    for (const object of refsOf(rel?.RelatedObjects)) add(object, properties);
  }
  for (const relId of model.idsOfType(IFCRELASSIGNSTOGROUP)) {
    const rel = model.line(relId);
    const group = refOf(rel?.RelatingGroup);
    const properties = group === undefined ? [] : (byObject.get(group) ?? []);
    if (properties.length === 0) continue;
    for (const member of refsOf(rel?.RelatedObjects)) add(member, properties);
  }
  return byObject;
}
