import { checkParcels, type DeliveryDeps, type DeliveryRun } from './delivery';

/** The delivery schedule: every shipped order, a page at a time. */
export async function checkDeliveries(deps: DeliveryDeps, pageSize = 1_000): Promise<DeliveryRun> {
  const total: DeliveryRun = { checked: 0, carrierCalls: 0, delivered: 0, released: 0 };
  let cursor: string | null = null;
  do {
    const page = await deps.shipped(cursor, pageSize);
    const run = await checkParcels(page.orders, deps);
    for (const k of Object.keys(total) as (keyof DeliveryRun)[]) total[k] += run[k];
    cursor = page.cursor;
  } while (cursor);
  return total;
}
