/** Delivery dates as the checkout shows them: "12月4日（金）" from "2026-12-04" (pure). */
export function jpDeliveryDate(ymd: string): string {
  const day = '日月火水木金土'[new Date(`${ymd}T00:00:00Z`).getUTCDay()];
  return `${Number(ymd.slice(5, 7))}月${Number(ymd.slice(8, 10))}日（${day}）`;
}
