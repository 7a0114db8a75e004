/** Decoder of a body measurement. */

import { MEASUREMENT_PURPOSE_CODES } from '#contracts/measurement-choices.ts';
import type { TimeseriesEntry } from '#contracts/timeseries.ts';
import { type Decoder, int, literal, number, object, string } from '../core/guard.ts';

export const timeseriesEntryWire: Decoder<TimeseriesEntry> = /* @__PURE__ */ object({
  id: int,
  purpose: literal(...MEASUREMENT_PURPOSE_CODES),
  value: number,
  unit: string,
  measured_at: string,
});
