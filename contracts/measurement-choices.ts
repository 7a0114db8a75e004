/**
 * The fixed purposes and rules of the body-measurement (採寸) screens, without zod: the API's
 * contract (contracts/timeseries.ts) and the browser's forms read the same objects, so a form
 * refuses exactly what the API would.
 */
import { messages } from './messages.ts';

export interface MeasurementPurpose {
  label: string;
  unit: 'cm' | 'kg';
  min: number;
  max: number;
}

/** Measurement purposes in the order the screens show them; value range per purpose (inclusive). */
export const MEASUREMENT_PURPOSES = {
  height: { label: '身長', unit: 'cm', min: 30, max: 250 },
  weight: { label: '体重', unit: 'kg', min: 1, max: 300 },
  chest: { label: 'バスト（胸囲）', unit: 'cm', min: 30, max: 200 },
  waist: { label: 'ウエスト', unit: 'cm', min: 30, max: 200 },
  hip: { label: 'ヒップ', unit: 'cm', min: 30, max: 200 },
  inseam: { label: '股下', unit: 'cm', min: 20, max: 120 },
  neck: { label: '首回り', unit: 'cm', min: 20, max: 70 },
  shoe: { label: '足のサイズ', unit: 'cm', min: 10, max: 35 },
} as const satisfies Record<string, MeasurementPurpose>;
export type MeasurementPurposeCode = keyof typeof MEASUREMENT_PURPOSES;
export const MEASUREMENT_PURPOSE_CODES = Object.keys(MEASUREMENT_PURPOSES) as [MeasurementPurposeCode, ...MeasurementPurposeCode[]];

export const isMeasurementPurpose = (v: unknown): v is MeasurementPurposeCode =>
  typeof v === 'string' && Object.hasOwn(MEASUREMENT_PURPOSES, v);

/** Most entries a member keeps per purpose, sent in the x-limit header of the list. */
export const TIMESERIES_LIMIT = 50;
/** Decimal places a measurement may have (spec 5 decimal rule). */
export const MEASUREMENT_DECIMALS = 1;

const DECIMAL = /^\d+(\.\d)?$/;

/**
 * The message for a measurement value of `purpose` (trimmed text as typed, or a number), or null
 * when it is acceptable: required, spec 5 decimal rule (at most one decimal place), then the range.
 */
export function measurementValueProblem(purpose: MeasurementPurposeCode, value: string | number): string | null {
  const p = MEASUREMENT_PURPOSES[purpose];
  const label = '測定値';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
  if (text === '') return messages.required(label);
  if (!DECIMAL.test(text)) return messages.decimal(label, MEASUREMENT_DECIMALS);
  const n = Number(text);
  if (n < p.min || n > p.max) return messages.between(label, p.min, p.max);
  return null;
}

/** 「170.5cm」. */
export const formatMeasurement = (value: number, unit: string) => `${value.toFixed(1)}${unit}`;
