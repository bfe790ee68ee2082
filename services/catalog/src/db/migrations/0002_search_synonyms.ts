import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/**
 * What Kenyan shoppers type, mapped to the catalogue's own English words: Swahili names of what
 * the millers sell, the phrases people search with, and the misspellings seen most (the site
 * search matches words exactly, so a misspelling is a row of its own). Phrases are stored
 * normalised (lower case, no accents or apostrophes, one space); any form of Swahili "of" in a
 * phrase (wa, ya, cha, za, la, vya) matches any other, so "chakula ya kuku" finds the "chakula cha
 * kuku" row. Terms are alternatives: a product matching any one of them is found. Staff edit the
 * table afterwards; this is only its first content, written once.
 */
const FIRST_SYNONYMS: Array<[phrase: string, terms: string[]]> = [
  // Flour in general, and maize meal (ugali is cooked from it; sembe is the sifted kind).
  ['unga', ['flour', 'maize meal']],
  ['ungaa', ['flour', 'maize meal']],
  ['unga wa ugali', ['maize meal']],
  ['unga wa mahindi', ['maize meal']],
  ['ugali', ['maize meal']],
  ['ugari', ['maize meal']],
  ['ugalli', ['maize meal']],
  ['posho', ['maize meal']],
  ['sembe', ['sifted maize meal']],
  ['unga wa sembe', ['sifted maize meal']],
  ['unga wa dona', ['whole maize meal']],
  ['mahindi', ['maize']],
  ['maize flour', ['maize meal']],
  ['corn flour', ['maize meal']],
  // Wheat flour, chapati, mandazi and cakes.
  ['ngano', ['wheat flour', 'baking flour']],
  ['unga wa ngano', ['wheat flour', 'baking flour']],
  ['unga wa chapati', ['chapati flour']],
  ['chapo', ['chapati']],
  ['chapatti', ['chapati']],
  ['chapatii', ['chapati']],
  ['mandazi', ['self raising flour', 'all purpose wheat flour']],
  ['maandazi', ['self raising flour', 'all purpose wheat flour']],
  ['unga wa mandazi', ['self raising flour', 'all purpose wheat flour']],
  ['unga wa maandazi', ['self raising flour', 'all purpose wheat flour']],
  ['keki', ['cake pastry flour', 'baking flour']],
  ['unga wa keki', ['cake pastry flour', 'baking flour']],
  ['unga wa kuoka', ['baking flour']],
  // Porridge: uji, millet (wimbi, ulezi, uwele) and sorghum (mtama).
  ['uji', ['porridge']],
  ['unga wa uji', ['porridge flour']],
  ['wimbi', ['finger millet']],
  ['ulezi', ['finger millet']],
  ['uwele', ['millet']],
  ['mtama', ['sorghum']],
  ['mtana', ['sorghum']],
  // Rice.
  ['mchele', ['rice']],
  ['mcele', ['rice']],
  ['mchel', ['rice']],
  ['mchelle', ['rice']],
  ['mchere', ['rice']],
  ['mshele', ['rice']],
  ['michele', ['rice']],
  ['wali', ['rice']],
  ['pilau', ['pishori rice', 'basmati rice']],
  ['pishory', ['pishori']],
  ['pisori', ['pishori']],
  ['pishoori', ['pishori']],
  ['basmat', ['basmati']],
  ['bazmati', ['basmati']],
  // Cooking oil.
  ['mafuta', ['cooking oil']],
  ['mafta', ['cooking oil']],
  ['mafutta', ['cooking oil']],
  ['mafuta ya kupika', ['cooking oil']],
  ['mafuta ya kupikia', ['cooking oil']],
  ['mafuta ya alizeti', ['sunflower oil']],
  ['alizeti', ['sunflower']],
  ['mafuta ya mahindi', ['corn oil']],
  // Sugar and salt.
  ['sukari', ['sugar']],
  ['sukar', ['sugar']],
  ['sukary', ['sugar']],
  ['chumvi', ['salt']],
  // Animal feeds: chickens (kuku; vifaranga are chicks), cows, pigs, dogs. No phrase with a word
  // that alone means something else ('kuku wa mayai', 'ngombe wa maziwa'): the assistant matches
  // a phrase's words one by one, and 'mayai' or 'maziwa' (eggs, milk) must not find a feed.
  ['chakula cha kuku', ['poultry', 'layers mash', 'chick mash', 'growers mash']],
  ['kuku', ['poultry', 'layers mash', 'chick mash', 'growers mash']],
  ['layas', ['layers mash']],
  ['leyas', ['layers mash']],
  ['vifaranga', ['chick mash']],
  ['chakula cha vifaranga', ['chick mash']],
  ['chakula cha ngombe', ['dairy meal', 'cattle']],
  ['ngombe', ['dairy meal', 'cattle']],
  ['chakula cha nguruwe', ['pig']],
  ['nguruwe', ['pig']],
  ['chakula cha mbwa', ['dog']],
  ['mbwa', ['dog']],
  ['chakula cha mifugo', ['animal feeds']],
  ['chakula cha wanyama', ['animal feeds']],
  ['mifugo', ['animal feeds']],
  // Pulses and cereals.
  ['maharagwe', ['beans']],
  ['maharage', ['beans']],
  ['maharagi', ['beans']],
  ['maharangwe', ['beans']],
  ['rosekoko', ['rosecoco']],
  ['ndengu', ['green grams']],
  ['dengu', ['green grams']],
  ['pojo', ['green grams']],
  ['kamande', ['lentils']],
  ['kunde', ['cowpeas']],
  ['nafaka', ['cereals']],
  ['mbaazi', ['pigeon peas']],
  ['njugu', ['groundnuts', 'peanuts']],
];

const migration: Migration = {
  name: '0002_search_synonyms',
  async up(db: Knex) {
    await db.schema.createTable('search_synonyms', (table) => {
      table.increments('id');
      table.string('phrase', 60).notNullable().unique('search_synonyms_phrase_unique');
      /** A JSON array of the terms. */
      table.string('terms', 600).notNullable();
      table.timestamp('created_at').notNullable().defaultTo(db.fn.now());
      table.timestamp('updated_at').notNullable().defaultTo(db.fn.now());
    });
    await db('search_synonyms').insert(FIRST_SYNONYMS.map(([phrase, terms]) => ({ phrase, terms: JSON.stringify(terms) })));
  },
  async down(db: Knex) {
    await db.schema.dropTable('search_synonyms');
  },
};

export default migration;
