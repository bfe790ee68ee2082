import dayjs, { type Dayjs } from 'dayjs';
import { nairobiDayOf, type AdminCoupon, type CouponFormBody, type DiscountType } from '@shop/api-types';
import { DATE_FORMAT, formatDate, ksh } from '../common/format';

export interface CouponFormValues {
  name: string;
  code: string;
  discount_type: DiscountType;
  discount: string;
  discount_percent?: number | null;
  discount_value?: number | null;
  valid?: [Dayjs, Dayjs] | null;
  usage_limit?: number | null;
  per_customer_limit?: number | null;
}

export function couponInitialValues(coupon: AdminCoupon | null): Partial<CouponFormValues> {
  if (!coupon) return { name: '', code: '', discount_type: 'percent', discount: '' };
  return {
    name: coupon.name,
    code: coupon.code,
    discount_type: coupon.discount.discount_type,
    discount: coupon.discount.name,
    discount_percent: coupon.discount.discount_percent,
    discount_value: coupon.discount.discount_value,
    // The picker shows the Kenyan days the coupon is valid (it stores midnight in Nairobi), not the
    // browser's reading of those instants, and sends back the very same days.
    valid: [dayjs(nairobiDayOf(coupon.valid_from) ?? coupon.valid_from), dayjs(nairobiDayOf(coupon.valid_to) ?? coupon.valid_to)],
    usage_limit: coupon.usage_limit,
    per_customer_limit: coupon.per_customer_limit,
  };
}

/** The JSON body of POST /api/admin/coupons/store and /update/{id} (CouponFormBody). */
export function couponBody(values: CouponFormValues): CouponFormBody {
  const [from, to] = values.valid ?? [];
  const validFrom = from?.format(DATE_FORMAT);
  const validTo = to?.format(DATE_FORMAT);
  return {
    name: values.name.trim(),
    code: values.code.trim().toUpperCase(),
    discount: values.discount.trim(),
    discount_type: values.discount_type,
    ...(values.discount_type === 'percent'
      ? { discount_percent: Number(values.discount_percent) }
      : { discount_value: Number(values.discount_value) }),
    date: validFrom && validTo ? `${validFrom} - ${validTo}` : undefined,
    valid_from: validFrom,
    valid_to: validTo,
    usage_limit: values.usage_limit ?? null,
    per_customer_limit: values.per_customer_limit ?? null,
  };
}

/** Server field names shown under the form's date-range control. */
export const COUPON_FIELD_NAMES: Record<string, string> = { date: 'valid', valid_from: 'valid', valid_to: 'valid' };

/** '10% (Karibu 10%)' or 'KSh 200.00 (Mia mbili)'. */
export function discountText(coupon: Pick<AdminCoupon, 'discount'>): string {
  const { discount } = coupon;
  const amount = discount.discount_type === 'percent' ? `${Number(discount.discount_percent ?? 0)}%` : ksh(discount.discount_value ?? 0);
  return discount.name ? `${amount} (${discount.name})` : amount;
}

export const validText = (coupon: Pick<AdminCoupon, 'valid_from' | 'valid_to'>): string =>
  `${formatDate(coupon.valid_from)} – ${formatDate(coupon.valid_to)}`;
