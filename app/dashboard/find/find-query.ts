import { z } from 'zod';
import type { PickedPlace } from '@/components/place-picker';
import { formatCategory } from '@/lib/format/category';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';

export type FindParams = Record<string, string | string[] | undefined>;

export const RATINGS = ['3', '4', '4.5'] as const;
export const FREE_WITHIN_DAYS = ['3', '7', '14'] as const;

const one = (params: FindParams, name: string) => {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);
const dollars = z.coerce.number().positive().max(100_000);

/**
 * The Find help page's query string, read leniently: a value that makes no sense is left out and named in
 * `ignored`, so a hand-edited link still shows a page, never an error.
 */
export function readFindQuery(params: FindParams) {
  const ignored: string[] = [];
  const lat = latitude.safeParse(one(params, 'lat'));
  const lng = longitude.safeParse(one(params, 'lng'));
  const city = one(params, 'city');
  let place: PickedPlace | null = null;
  if (lat.success && lng.success && one(params, 'lat') && one(params, 'lng')) {
    place = {
      city: city ?? 'the picked place',
      region: one(params, 'region') ?? '',
      country: one(params, 'country') ?? '',
      lat: lat.data,
      lng: lng.data,
    };
  } else if (one(params, 'lat') || one(params, 'lng')) {
    ignored.push('the place (pick one from the list)');
  } else if (city) {
    ignored.push(`“${city}” (pick the place from the list as you type)`);
  }
  const categoryText = one(params, 'category');
  const category = TASK_CATEGORIES.find((each) => each === categoryText);
  if (categoryText && !category) ignored.push(`the category “${categoryText}”`);
  const priceText = one(params, 'maxPrice');
  const price = dollars.safeParse(priceText);
  if (priceText && !price.success) ignored.push(`the price “${priceText}” (a number of dollars above 0)`);
  const ratingText = one(params, 'minRating');
  const minRating = RATINGS.find((each) => each === ratingText);
  if (ratingText && !minRating) ignored.push(`the rating “${ratingText}”`);
  const freeText = one(params, 'free');
  const free = FREE_WITHIN_DAYS.find((each) => each === freeText);
  if (freeText && !free) ignored.push(`the availability “${freeText}”`);
  return {
    place,
    category,
    maxPriceCents: priceText && price.success ? Math.round(price.data * 100) : undefined,
    maxPriceText: priceText && price.success ? priceText : '',
    minRating: minRating === undefined ? undefined : Number(minRating),
    freeWithinDays: free === undefined ? undefined : Number(free),
    ignored,
  };
}

export const CATEGORY_CHOICES = TASK_CATEGORIES.map((category) => [category, formatCategory(category)] as const);
