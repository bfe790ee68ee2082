import { sqlTimestamp } from '@shop/service-kit';

/**
 * A coupons row as staff make it, for tests to insert: KSh 100 off, valid from yesterday to
 * tomorrow, never used, no limits; `fields` names what the test is about.
 */
export function couponRow(fields: { code: string } & Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  return {
    name: fields.code,
    discount_name: 'KSh 100',
    discount_type: 'value',
    discount_value_cents: 10_000,
    valid_from: sqlTimestamp(new Date(now - 86_400_000)),
    valid_to: sqlTimestamp(new Date(now + 86_400_000)),
    times_used: 0,
    created_at: sqlTimestamp(new Date(now)),
    updated_at: sqlTimestamp(new Date(now)),
    ...fields,
  };
}
