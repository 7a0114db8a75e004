/**
 * Body measurements (spec 7 "Memorials and measurements": GET/POST /v1/me/timeseries (purpose);
 * DELETE /v1/me/timeseries/ with ?id= for one entry or ?purpose= for all of a purpose).
 */
import type { MeasurementPurposeCode, TimeseriesEntry, TimeseriesInput } from '#contracts/timeseries.ts';
import type { CallOptions } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { readLimit } from '../core/pagination.ts';
import { timeseriesEntryWire } from '../wire/timeseries.ts';

export type { MeasurementPurposeCode, TimeseriesEntry, TimeseriesInput };

export interface TimeseriesList {
  items: TimeseriesEntry[];
  /** Most entries per purpose (x-limit), null when the server sent none. */
  limit: number | null;
}

/** GET /v1/me/timeseries[?purpose=] → the member's measurements, newest first, and the x-limit maximum. */
export async function listTimeseries(purpose?: MeasurementPurposeCode, opts: CallOptions = {}): Promise<TimeseriesList> {
  const path = purpose ? `/v1/me/timeseries?purpose=${encodeURIComponent(purpose)}` : '/v1/me/timeseries';
  const res = await request('GET', path, { parse: array(timeseriesEntryWire), signal: opts.signal });
  return { items: res.data, limit: readLimit(res.headers) ?? null };
}

/** POST /v1/me/timeseries → the stored measurement. */
export async function createTimeseries(input: TimeseriesInput, opts: CallOptions = {}): Promise<TimeseriesEntry> {
  return (await request('POST', '/v1/me/timeseries', { body: input, parse: timeseriesEntryWire, signal: opts.signal })).data;
}

/** DELETE /v1/me/timeseries/?id= → one entry gone (404 when not the member's). */
export async function deleteTimeseriesEntry(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/timeseries/?id=${encodeURIComponent(String(id))}`, { body: {}, signal: opts.signal });
}

/** DELETE /v1/me/timeseries/?purpose= → every entry of that purpose gone (204 also when there were none). */
export async function deleteTimeseriesPurpose(purpose: MeasurementPurposeCode, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/timeseries/?purpose=${encodeURIComponent(purpose)}`, { body: {}, signal: opts.signal });
}
