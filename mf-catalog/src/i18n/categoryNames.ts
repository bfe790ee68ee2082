import type { Category } from '@shop/api-types';
import { useLanguage } from '@shop/store-kit';

/**
 * The shop's product types in Kiswahili, by slug. Names come from the catalogue service in English
 * (staff write them there); the types the shop sells are named here for the Swahili shop. A type
 * staff add later shows as they named it until it is given a Swahili name here.
 */
const SWAHILI_NAMES: Readonly<Record<string, string>> = {
  'maize-meal': 'Unga wa mahindi',
  'wheat-flour': 'Unga wa ngano',
  'baking-flour': 'Unga wa chapati na kuoka',
  'porridge-flour': 'Unga wa uji',
  rice: 'Mchele',
  'cooking-oil': 'Mafuta ya kupikia',
  'animal-feeds': 'Chakula cha mifugo',
  'pulses-cereals': 'Kunde na nafaka',
};

/** A product type's name in the page's language. */
export function useCategoryName(): (category: Pick<Category, 'slug' | 'name'>) => string {
  const { language } = useLanguage();
  return (category) => (language === 'sw' ? (SWAHILI_NAMES[category.slug] ?? category.name) : category.name);
}
