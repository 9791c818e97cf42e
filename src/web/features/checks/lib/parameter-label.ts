import { REQUIREMENT_PARAMETERS } from '../../../../shared/schemas/requirements';

function isKnownParameter(id: string): id is keyof typeof REQUIREMENT_PARAMETERS {
  return Object.hasOwn(REQUIREMENT_PARAMETERS, id);
}

/**
 * A finding's parameter in words: the requirements library's name for it ("Elevation of the
 * outside rail of a curve"); an id the library does not name is spelled out from its words.
 */
export function parameterLabel(id: string): string {
  if (isKnownParameter(id)) return REQUIREMENT_PARAMETERS[id];
  const words = id.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
