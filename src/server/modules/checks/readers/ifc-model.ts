import { IfcAPI, LogLevel } from 'web-ifc';
import { describeError, readFailure } from './errors';

/**
 * web-ifc for the IFC reader: one IfcAPI per process, its WebAssembly module started on the
 * first IFC read (web-ifc finds `web-ifc-node.wasm` next to its own Node module, so nothing is
 * copied or configured), and each model closed as soon as it is read so memory stays bounded.
 */

let api: Promise<IfcAPI> | undefined;

function ifcApi(): Promise<IfcAPI> {
  api ??= (async () => {
    const instance = new IfcAPI();
    await instance.Init();
    // The reader reports what web-ifc cannot read as a read failure; web-ifc's own console lines would only repeat it.
    instance.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    return instance;
  })().catch((error: unknown) => {
    // A failed start is retried on the next read rather than remembered for the life of the process.
    api = undefined;
    throw error;
  });
  return api;
}

/** A value as web-ifc returns it: a reference, an enumeration, a label or a typed number. */
export interface IfcValue {
  type?: number;
  value?: unknown;
  name?: string;
  _internalValue?: unknown;
  _representationValue?: unknown;
}

/** An entity as web-ifc returns it (attribute names as in the schema, `expressID` its STEP id). */
export type IfcLine = { expressID: number; type: number } & Record<string, unknown>;

/** The open model the reader walks: lines by id, ids by type, type names. */
export interface IfcModel {
  /** The entity `#id`; undefined where the file has none. One the file has but web-ifc cannot read makes the file `corrupt`. */
  line(id: number): IfcLine | undefined;
  /** How many entities web-ifc read. */
  lineCount(): number;
  idsOfType(type: number): number[];
  typeName(id: number): string;
}

/**
 * Opens `data` with web-ifc, hands the model to `read` (synchronous, so one model is open at a
 * time), and closes it whatever happens. A file web-ifc cannot open is `corrupt`.
 */
export async function withIfcModel<T>(data: Uint8Array, read: (model: IfcModel) => T): Promise<T> {
  const ifc = await ifcApi();
  let modelId: number;
  try {
    modelId = ifc.OpenModel(data);
  } catch (error) {
    // web-ifc may throw with the half-opened model still held (an unreadable header): start afresh
    // rather than keep it. No other model is open: each is read and closed in one synchronous turn.
    ifc.Dispose();
    api = undefined;
    throw readFailure.corrupt(`web-ifc could not open the model: ${describeError(error)}`);
  }
  if (modelId < 0) throw readFailure.corrupt('web-ifc could not open the model');
  try {
    const model: IfcModel = {
      line: (id) => {
        if (!ifc.GetLineType(modelId, id)) return undefined;
        try {
          return ifc.GetLine(modelId, id) as IfcLine;
        } catch (error) {
          throw readFailure.corrupt(`#${id} cannot be read: ${describeError(error)}`);
        }
      },
      lineCount: () => ifc.GetAllLines(modelId).size(),
      idsOfType: (type) => {
        const vector = ifc.GetLineIDsWithType(modelId, type);
        const ids: number[] = [];
        for (let index = 0; index < vector.size(); index++) ids.push(vector.get(index));
        return ids.sort((a, b) => a - b);
      },
      typeName: (id) => ifc.GetNameFromTypeCode(ifc.GetLineType(modelId, id) as number),
    };
    return read(model);
  } finally {
    ifc.CloseModel(modelId);
  }
}

const REFERENCE = 5;

/** The id an attribute refers to (`#31`), or undefined. */
export function refOf(value: unknown): number | undefined {
  const v = value as IfcValue | null | undefined;
  return v?.type === REFERENCE && typeof v.value === 'number' ? v.value : undefined;
}

/** The ids a list attribute refers to, in order. */
export function refsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.map(refOf).filter((id): id is number => id !== undefined) : [];
}

/** A label, text, identifier or enumeration as a string; undefined for `$` and numbers. */
export function textOf(value: unknown): string | undefined {
  const v = value as IfcValue | null | undefined;
  return typeof v?.value === 'string' ? v.value : undefined;
}

/** A typed number as the file writes it ("60.", "0.1905", "-1000.") with its number; undefined for anything else. */
export function numberOf(value: unknown): { raw: string; value: number } | undefined {
  const v = value as IfcValue | null | undefined;
  if (v === null || v === undefined) return undefined;
  const raw = typeof v._internalValue === 'string' ? v._internalValue : typeof v.value === 'number' ? String(v.value) : undefined;
  const number = typeof v._representationValue === 'number' ? v._representationValue : typeof v.value === 'number' ? v.value : undefined;
  if (raw === undefined || number === undefined || !Number.isFinite(number)) return undefined;
  return { raw, value: number };
}
