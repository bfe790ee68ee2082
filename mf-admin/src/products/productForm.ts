import type { UploadFile } from 'antd';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, type AdminProduct, type ProductState } from '@shop/api-types';
import { discountPercent, toCents } from '@shop/money';
import { mediaUrl } from '../common/format';

export interface ProductFormValues {
  name: string;
  brand_id?: number;
  category_id?: number;
  sku_id?: number;
  unit: string;
  price?: number | null;
  offer_price?: number | null;
  minimum_quantity?: number | null;
  maximum_quantity?: number | null;
  short_description: string;
  description: string;
  image: UploadFile[];
  is_featured: boolean;
}

export const IMAGE_MESSAGES = {
  type: 'The product image must be a JPEG, PNG or WebP file.',
  size: 'The product image must not be larger than 2 MB.',
  required: 'Please choose a product image.',
} as const;

/** Client-side check before a picked file joins the form (the server checks again). */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.type;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  return null;
}

/**
 * offer_percent = (price - offer_price) / price × 100 to 2 decimals (admin spec section 3), worked
 * out in integer cents; null when there is no valid offer to describe.
 */
export function offerPercent(price: number | null | undefined, offer: number | null | undefined): number | null {
  if (price === null || price === undefined || offer === null || offer === undefined) return null;
  if (!Number.isFinite(price) || !Number.isFinite(offer) || price <= 0 || offer <= 0 || offer >= price) return null;
  return discountPercent(toCents(price), toCents(offer));
}

/** '12.50% off' */
export const discountLabel = (percent: number): string => `${percent.toFixed(2)}% off`;

export function initialValues(product: AdminProduct | null | undefined): Partial<ProductFormValues> {
  if (!product)
    return {
      name: '',
      unit: '',
      short_description: '',
      description: '',
      image: [],
      is_featured: false,
      minimum_quantity: 1,
      maximum_quantity: 10,
    };
  return {
    name: product.name,
    brand_id: product.brand_id,
    category_id: product.category_id,
    sku_id: product.sku_id,
    unit: product.unit,
    price: product.price,
    offer_price: product.offer?.offer_price ?? null,
    minimum_quantity: product.minimum_quantity,
    maximum_quantity: product.maximum_quantity,
    short_description: product.short_description,
    description: product.description,
    image: product.image ? [{ uid: 'current-image', name: 'Current image', status: 'done', url: mediaUrl(product.image) }] : [],
    is_featured: product.is_featured,
  };
}

const decimal = (value: number): string => (Math.round(value * 100) / 100).toFixed(2);

/** The multipart body of POST /api/admin/products/store and /update/{id} (PRODUCT_FORM_FIELDS). */
export function productFormData(values: ProductFormValues, status: ProductState): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('brand_id', String(values.brand_id ?? ''));
  form.append('category_id', String(values.category_id ?? ''));
  form.append('sku_id', String(values.sku_id ?? ''));
  form.append('unit', values.unit.trim());
  form.append('price', values.price === null || values.price === undefined ? '' : decimal(values.price));
  const percent = offerPercent(values.price, values.offer_price);
  if (values.offer_price !== null && values.offer_price !== undefined) form.append('offer_price', decimal(values.offer_price));
  if (percent !== null) form.append('offer_percent', percent.toFixed(2));
  form.append('short_description', values.short_description ?? '');
  form.append('description', values.description ?? '');
  if (values.minimum_quantity) form.append('minimum_quantity', String(values.minimum_quantity));
  if (values.maximum_quantity) form.append('maximum_quantity', String(values.maximum_quantity));
  form.append('status', status);
  form.append('is_featured', values.is_featured ? '1' : '0');
  // Only a newly picked file goes up; on edit no file keeps the current image.
  const picked = values.image?.find((file) => file.originFileObj)?.originFileObj;
  if (picked) form.append('image', picked, picked.name);
  return form;
}
