/**
 * The number words shoppers write quantities, sizes and prices with, in English and Swahili
 * ('kilo mbili', 'lita tano', 'three'): one list for the catalog's search and the assistant.
 */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twenty: 20,
  seventy: 70,
  moja: 1,
  mbili: 2,
  tatu: 3,
  nne: 4,
  tano: 5,
  sita: 6,
  saba: 7,
  nane: 8,
  tisa: 9,
  kumi: 10,
  ishirini: 20,
  sabini: 70,
  nusu: 0.5,
  half: 0.5,
};
