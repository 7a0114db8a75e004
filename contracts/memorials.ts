/**
 * Memorial days (spec 3 "User memorial"; GET/POST /v1/me/user-memorials, GET/PUT/DELETE
 * /v1/me/user-memorials/{id}) and the member's name embroidery (GET/PUT /v1/me/name-embroidery).
 * The choices and the rules the forms share live zod-free in contracts/memorial-choices.ts.
 */

import { dbInt, flag, requiredText } from './fields.ts';
import { errorFor } from './issues.ts';
import {
  characterCount,
  EMBROIDERY_COLORS,
  EMBROIDERY_FONTS,
  EMBROIDERY_TEXT,
  EMBROIDERY_TEXT_LABEL,
  EMBROIDERY_TEXT_MAX,
  embroideryMessages,
  isMemorialDay,
  MEMORIAL_DIVISIONS,
  MEMORIAL_TEXT_MAX,
} from './memorial-choices.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

export * from './memorial-choices.ts';

const divisionCodes = Object.keys(MEMORIAL_DIVISIONS).map(Number) as [number, ...number[]];

/** A memorial day as the API answers it. */
export const memorialSchema = z
  .object({
    id: z.number().int().positive(),
    user_id: z.number().int().positive(),
    /** Whose day it is (「お名前」). */
    target_user_name: z.string(),
    /** 1 誕生日, 2 結婚記念日, 3 その他の記念日. */
    division_ct: z.number().int(),
    /** The day's name (「記念日名」), e.g. 「母の誕生日」. */
    name: z.string(),
    month: z.number().int().min(1).max(12),
    date: z.number().int().min(1).max(31),
    /** The member wants a reminder e-mail before the day. */
    call: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Memorial' });
export type Memorial = z.infer<typeof memorialSchema>;
export const memorialListSchema = z.array(memorialSchema);

/**
 * POST and PUT body. month and date must form a day of the year (2月29日 allowed, 2月30日 not:
 * 「日付が無効です」 on `date`, spec 5 date_birth).
 */
export const memorialInputSchema = z
  .object({
    target_user_name: requiredText(MEMORIAL_TEXT_MAX, { label: 'お名前' }),
    division_ct: z
      .number(errorFor('区分'))
      .int()
      .refine((v) => divisionCodes.includes(v), { error: () => messages.selected('区分') }),
    name: requiredText(MEMORIAL_TEXT_MAX, { label: '記念日名' }),
    month: dbInt({ min: 1, max: 12, label: '月' }),
    date: dbInt({ min: 1, max: 31, label: '日' }),
    call: flag({ label: 'お知らせメール' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (Number.isInteger(v.month) && Number.isInteger(v.date) && !isMemorialDay(v.month, v.date)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: messages.dateBirth() });
    }
  })
  .meta({ id: 'MemorialInput' });
export type MemorialInput = z.infer<typeof memorialInputSchema>;

const fontCodes = Object.keys(EMBROIDERY_FONTS) as [keyof typeof EMBROIDERY_FONTS, ...(keyof typeof EMBROIDERY_FONTS)[]];
const colorCodes = Object.keys(EMBROIDERY_COLORS) as [keyof typeof EMBROIDERY_COLORS, ...(keyof typeof EMBROIDERY_COLORS)[]];

/** The member's name embroidery; GET answers null while none is saved. */
export const nameEmbroiderySchema = z
  .object({
    text: z.string(),
    font: z.enum(fontCodes),
    color: z.enum(colorCodes),
    updated_at: z.string(),
  })
  .meta({ id: 'NameEmbroidery' });
export type NameEmbroidery = z.infer<typeof nameEmbroiderySchema>;
export const nameEmbroideryOrNullSchema = nameEmbroiderySchema.nullable();

/** PUT /v1/me/name-embroidery body: the text (trimmed, 1–12 stitchable characters), font and colour codes. */
export const nameEmbroideryInputSchema = z
  .object({
    text: requiredText(1000, { label: EMBROIDERY_TEXT_LABEL })
      .refine((v) => characterCount(v) <= EMBROIDERY_TEXT_MAX, { error: () => embroideryMessages.length, abort: true })
      .refine((v) => EMBROIDERY_TEXT.test(v), { error: () => embroideryMessages.characters }),
    font: z.enum(fontCodes, errorFor('書体')),
    color: z.enum(colorCodes, errorFor('糸の色')),
  })
  .meta({ id: 'NameEmbroideryInput' });
export type NameEmbroideryInput = z.infer<typeof nameEmbroideryInputSchema>;
