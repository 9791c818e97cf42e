import { z } from 'zod';

/**
 * Requirements as data: every numeric limit the document check applies, with the clause that
 * states it and the exact words quoted from that clause. Nothing else may hold a limit; a
 * requirement whose words are not in the library's current edition is disabled, never applied.
 */

/** What a requirement limits. Each is a quantity a track, crossing or bridge engineer states or measures. */
export const REQUIREMENT_PARAMETERS = {
  max_operating_speed: 'Maximum operating speed',
  curve_max_speed: 'Maximum curving speed (Vmax)',
  restricted_speed: 'Speed under a stated condition',
  gage: 'Gage',
  gage_change: 'Change of gage within 31 ft',
  alinement_deviation: 'Alinement deviation from uniformity',
  profile_deviation: 'Profile deviation from uniformity',
  crosslevel_deviation: 'Deviation from zero crosslevel (tangent) or reverse elevation (curve)',
  crosslevel_difference: 'Difference in crosslevel (warp)',
  spiral_crosslevel_variation: 'Crosslevel variation on spirals per 31 ft',
  outside_rail_elevation: 'Elevation of the outside rail of a curve',
  cant_deficiency: 'Cant deficiency (Eu)',
  crossties_per_39ft: 'Crossties per 39-ft segment',
  crosstie_joint_distance: 'Distance from a rail joint to a supporting crosstie centerline',
  crosstie_condition: 'Crosstie condition',
  rail_end_mismatch: 'Rail end mismatch',
  joint_bolts: 'Bolts per rail at each joint',
  flangeway_depth: 'Frog flangeway depth',
  flangeway_width: 'Flangeway width',
  guard_check_gage: 'Guard check gage',
  guard_face_gage: 'Guard face gage',
  frog_wear: 'Frog wear',
  inspection_frequency: 'Inspections per period',
  inspection_interval: 'Interval between inspections or tests',
  days_between_inspections: 'Days between successive inspections',
  response_time: 'Time allowed for an action',
  crossing_warning_time: 'Crossing warning time',
  lamp_voltage: 'Lamp voltage',
  timing_tolerance: 'Timing of relays and timing devices',
  insulation_resistance: 'Insulation resistance',
  ground_current: 'Ground current',
  sign_size: 'Sign size',
  clearance: 'Clearance',
  fall_protection_height: 'Working height from which fall protection is required',
  segment_length: 'Segment length or distance',
} as const;
export type RequirementParameter = keyof typeof REQUIREMENT_PARAMETERS;
const parameterIds = Object.keys(REQUIREMENT_PARAMETERS) as [RequirementParameter, ...RequirementParameter[]];
export const requirementParameterSchema = z.enum(parameterIds);

/** The units limits are stated in (lengths in inches or feet as the clause states them). */
export const REQUIREMENT_UNITS = [
  'mph',
  'in',
  'ft',
  'deg',
  'crossties',
  'bolts',
  'seconds',
  'hours',
  'days',
  'weeks',
  'months',
  'years',
  'per week',
  'per month',
  'per calendar year',
  'percent',
  'ohms',
  'volts',
  'g',
] as const;
export const requirementUnitSchema = z.enum(REQUIREMENT_UNITS);
export type RequirementUnit = z.infer<typeof requirementUnitSchema>;

/** `value <comparator> limit` must hold for the value to conform. */
export const requirementComparatorSchema = z.enum(['<=', '<', '>=', '>']);
export type RequirementComparator = z.infer<typeof requirementComparatorSchema>;

/** Track classes 1–9, or excepted track (§ 213.4). */
export const trackClassSchema = z.union([z.literal('excepted'), z.number().int().min(1).max(9)]);
export type TrackClass = z.infer<typeof trackClassSchema>;

/** A numeric range a condition holds in: each bound is optional. */
export const conditionRangeSchema = z
  .object({ gt: z.number().optional(), gte: z.number().optional(), lt: z.number().optional(), lte: z.number().optional() })
  .strict();
export type ConditionRange = z.infer<typeof conditionRangeSchema>;

/**
 * When a requirement applies. Every key left out means "whatever it is"; `qualifier` says in
 * words what the machine-readable keys cannot (a checker treats a requirement with a
 * qualifier it cannot decide as needs-review).
 */
export const requirementConditionsSchema = z
  .object({
    trackClasses: z.array(trackClassSchema).min(1).optional(),
    trainType: z.enum(['freight', 'passenger']).optional(),
    geometry: z.enum(['tangent', 'curve', 'spiral']).optional(),
    /** Degree of curvature (degrees). */
    degreeOfCurvature: conditionRangeSchema.optional(),
    /** Qualified cant deficiency Eu the operation runs at (inches). */
    cantDeficiency: conditionRangeSchema.optional(),
    /** Whether FRA has approved the vehicle type for the cant deficiency (§ 213.57(d)). */
    vehicleTypeApproved: z.boolean().optional(),
    /** The measurement chord or line (feet). */
    chordFt: z.number().optional(),
    /** The track element or asset: turnout, frog, rail joint, crossing warning system, bridge, … */
    feature: z.string().optional(),
    /** Where on the element it is measured (tread, gage side, …). */
    aspect: z.string().optional(),
    qualifier: z.string().optional(),
  })
  .strict();
export type RequirementConditions = z.infer<typeof requirementConditionsSchema>;

/** A formula a requirement states instead of a fixed limit (evaluated by the server's formula registry). */
export const requirementFormulaSchema = z.object({
  /** Registry id, e.g. `curve-vmax`. */
  id: z.string(),
  /** As written, e.g. `Vmax = √((Ea + Eu)/(0.0007·D))`. */
  expression: z.string(),
  result: z.object({ symbol: z.string(), unit: requirementUnitSchema }),
  variables: z.array(z.object({ symbol: z.string(), meaning: z.string(), unit: requirementUnitSchema })),
});
export type RequirementFormula = z.infer<typeof requirementFormulaSchema>;

const requirementBase = z.object({
  /** Stable id: `<ref>/<parameter>/<conditions>`. */
  id: z.string(),
  standard: z.string(),
  /** The most specific citation, e.g. `213.9(a)` (the library may hold it inside clause `213.9`). */
  ref: z.string(),
  parameter: requirementParameterSchema,
  /** One line for people: "Class 3 track, freight trains: maximum operating speed". */
  label: z.string(),
  conditions: requirementConditionsSchema,
  /** The exact words of the clause that state it (table rows as the library holds them). */
  quote: z.string(),
  /** `table`: read from a regular table of the clause; `authored`: written down with its quote. */
  origin: z.enum(['table', 'authored']),
});

export const limitRequirementSchema = requirementBase.extend({
  kind: z.literal('limit'),
  comparator: requirementComparatorSchema,
  limit: z.object({ value: z.number(), unit: requirementUnitSchema }),
});
export const formulaRequirementSchema = requirementBase.extend({
  kind: z.literal('formula'),
  /** The value must be `comparator` the formula's result (a speed ≤ Vmax). */
  comparator: requirementComparatorSchema,
  formula: requirementFormulaSchema,
});
export const requirementSchema = z.discriminatedUnion('kind', [limitRequirementSchema, formulaRequirementSchema]);
export type LimitRequirement = z.infer<typeof limitRequirementSchema>;
export type FormulaRequirement = z.infer<typeof formulaRequirementSchema>;
export type Requirement = z.infer<typeof requirementSchema>;

/** Where a requirement's quote was found: the library clause (the citation itself or the clause that holds it) and its edition. */
export const requirementVerificationSchema = z.object({
  clauseRef: z.string(),
  documentTitle: z.string(),
  edition: z.string(),
});

/** A requirement as loaded: enabled once its quote is verified against the library, else disabled with the reason. */
const loadedFields = {
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.string().nullable(),
  verifiedIn: requirementVerificationSchema.nullable(),
};
export const loadedRequirementSchema = z.discriminatedUnion('kind', [
  limitRequirementSchema.extend(loadedFields),
  formulaRequirementSchema.extend(loadedFields),
]);
export type LoadedRequirement = z.infer<typeof loadedRequirementSchema>;

/** What a load of the requirements library found. */
export const requirementsReportSchema = z.object({
  standard: z.string(),
  total: z.number().int(),
  enabled: z.number().int(),
  disabled: z.number().int(),
  byPart: z.record(z.string(), z.object({ enabled: z.number().int(), disabled: z.number().int() })),
  byOrigin: z.object({ table: z.number().int(), authored: z.number().int() }),
  formulas: z.number().int(),
  /** The editions the quotes were checked against. */
  editions: z.array(z.object({ title: z.string(), edition: z.string() })),
  disabledRequirements: z.array(z.object({ id: z.string(), ref: z.string(), label: z.string(), reason: z.string() })),
  loadedInMs: z.number(),
});
export type RequirementsReport = z.infer<typeof requirementsReportSchema>;

/** `GET /api/requirements` (admins): the library as loaded now, filtered. */
export const requirementsQuerySchema = z
  .object({
    status: z.enum(['enabled', 'disabled']).optional(),
    part: z
      .string()
      .regex(/^\d{1,4}$/, 'part is a CFR part number such as 213')
      .optional(),
    parameter: requirementParameterSchema.optional(),
  })
  .strict();
export type RequirementsQuery = z.infer<typeof requirementsQuerySchema>;

export const requirementsResponseSchema = z.object({
  report: requirementsReportSchema,
  requirements: z.array(loadedRequirementSchema),
});
export type RequirementsResponse = z.infer<typeof requirementsResponseSchema>;
