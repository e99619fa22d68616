import { isPlainObject } from '../http';

// Stripe's API takes `application/x-www-form-urlencoded` bodies with nested keys, as the
// official clients encode them: `line_items[0][price_data][currency]=chf`,
// `payment_method_types[0]=twint`, `metadata[participant_id]=…`.

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Parses a Stripe form body into nested objects (list indexes stay object keys: see `list`). */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      node = isPlainObject(next) ? (next as FormObject) : (node[part] = {});
    });
  }
  return root;
}

/** A form list (`x[0]=…&x[1]=…`) in index order; a single value counts as a one-item list. */
export function list(value: FormValue | undefined): FormValue[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return Object.keys(value)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => value[key]!);
}

export function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function object(value: FormValue | undefined): FormObject | undefined {
  return typeof value === 'object' ? value : undefined;
}

/** Flat string map (metadata): nested values are not allowed there. */
export function stringMap(value: FormValue | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, item] of Object.entries(object(value) ?? {})) {
    if (typeof item === 'string') map[key] = item;
  }
  return map;
}
