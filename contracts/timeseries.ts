/**
 * Body measurements (spec 3 "Measurement: a timeseries per purpose, with a limit"; GET/POST
 * /v1/me/timeseries, DELETE /v1/me/timeseries/). The purposes and rules the forms share live zod-free
 * in contracts/measurement-choices.ts.
 */

import { dbIntParam } from './fields.ts';
import { errorFor } from './issues.ts';
import { MEASUREMENT_PURPOSE_CODES, measurementValueProblem } from './measurement-choices.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

export * from './measurement-choices.ts';

const purpose = z.enum(MEASUREMENT_PURPOSE_CODES, errorFor('測定項目'));

/** One measurement as the API answers it. */
export const timeseriesEntrySchema = z
  .object({
    id: z.number().int().positive(),
    purpose,
    /** The measured value, at most one decimal place. */
    value: z.number(),
    /** cm or kg, fixed per purpose. */
    unit: z.string(),
    measured_at: z.string(),
  })
  .meta({ id: 'TimeseriesEntry' });
export type TimeseriesEntry = z.infer<typeof timeseriesEntrySchema>;
export const timeseriesListSchema = z.array(timeseriesEntrySchema);

/** GET query: one purpose, or without it every purpose (each newest first). */
export const timeseriesQuerySchema = z.object({ purpose: purpose.optional() });

const NUL = (v: string) => !v.includes('\u0000');

/**
 * POST body. value is text as typed (「170.5」) or a number; at most one decimal place (spec 5
 * decimal rule, 「測定値は小数点第1位までの数値を入力してください」) within the purpose's range.
 * measured_at (optional, default now) is a date or date-time, not in the future.
 */
export const timeseriesInputSchema = z
  .object({
    purpose,
    value: z.union([z.string().refine(NUL, { error: () => messages.invalidCharacter('測定値') }), z.number()], errorFor('測定値')),
    measured_at: z
      .string(errorFor('測定日'))
      .refine(NUL, { error: () => messages.invalidCharacter('測定日'), abort: true })
      .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
        error: () => messages.date('測定日'),
        abort: true,
      })
      .refine((v) => Date.parse(v) <= Date.now() + 24 * 3600 * 1000, { error: () => messages.date('測定日') })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.value === undefined || !MEASUREMENT_PURPOSE_CODES.includes(v.purpose)) return;
    if (typeof v.value === 'string' && v.value.includes('\u0000')) return;
    const problem = measurementValueProblem(v.purpose, v.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  })
  .meta({ id: 'TimeseriesInput' });
export type TimeseriesInput = z.infer<typeof timeseriesInputSchema>;

/** DELETE /v1/me/timeseries/ query: `id` deletes one entry; `purpose` (without id) deletes all of that purpose. */
export const timeseriesDeleteQuerySchema = z
  .object({
    id: dbIntParam({ label: 'ID' }).optional(),
    purpose: purpose.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id === undefined && v.purpose === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: messages.requiredWithoutAll() });
  });
