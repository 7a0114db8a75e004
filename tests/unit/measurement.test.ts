/**
 * The shared measurement rule (contracts/measurement-choices.ts), the chart's point layout and the
 * client's delete of a whole purpose.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { deleteTimeseriesPurpose } from '#api-client/mypage/timeseries.ts';
import { chartPoints } from '#islands/mypage/MeasurementPage.tsx';
import { formatMeasurement, measurementValueProblem } from '../../contracts/measurement-choices.ts';
import { fakeFetch, memoryTokens } from './fake-api.ts';

describe('measurementValueProblem', () => {
  it("accepts at most one decimal place within the purpose's range", () => {
    for (const v of ['170', '170.5', ' 30 ', '250.0', 60.2]) expect(measurementValueProblem('height', v), String(v)).toBeNull();
  });
  it('refuses more decimals, non-numbers and signs with the spec 5 decimal message; blank is required', () => {
    for (const v of ['170.55', '170.', '.5', 'abc', '1e2', '-5', '１７０', 170.25, Number.NaN]) {
      expect(measurementValueProblem('height', v), String(v)).toBe('測定値は小数点第1位までの数値を入力してください');
    }
    expect(measurementValueProblem('height', '  ')).toBe('測定値は必須項目です');
  });
  it('refuses values outside the range', () => {
    expect(measurementValueProblem('shoe', '35.1')).toBe('測定値には10から35までの数値を指定してください');
    expect(measurementValueProblem('weight', '0.9')).toBe('測定値には1から300までの数値を指定してください');
  });
  it('formats with one decimal and the unit', () => {
    expect(formatMeasurement(170, 'cm')).toBe('170.0cm');
  });
});

describe('chartPoints', () => {
  const e = (id: number, value: number) => ({ id, purpose: 'height' as const, value, unit: 'cm', measured_at: '2025-01-01T00:00:00Z' });
  it('draws oldest left to newest right; higher values higher up', () => {
    const pts = chartPoints([e(3, 172), e(2, 170), e(1, 171)]);
    expect(pts.map((p) => p.e.id)).toEqual([1, 2, 3]);
    expect(pts[0].x).toBeLessThan(pts[1].x);
    expect(pts[2].y).toBeLessThan(pts[0].y);
    expect(pts[1].y).toBeGreaterThan(pts[0].y);
  });
  it('one point or equal values sit in the middle, never NaN', () => {
    const [only] = chartPoints([e(1, 170)]);
    expect(Number.isFinite(only.x) && Number.isFinite(only.y)).toBe(true);
    const flat = chartPoints([e(2, 170), e(1, 170)]);
    expect(flat[0].y).toBe(flat[1].y);
  });
});

describe('deleteTimeseriesPurpose (DELETE /v1/me/timeseries/?purpose=)', () => {
  beforeEach(() => resetClient());
  it('sends the purpose in the query of the slash-ended path, signed in', async () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens({ accessToken: 'a', expiresAt: Date.now() + 60_000 }) });
    await deleteTimeseriesPurpose('waist');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      url: '/v1/me/timeseries/?purpose=waist',
      method: 'DELETE',
      headers: { Authorization: 'Bearer a' },
    });
  });
});
