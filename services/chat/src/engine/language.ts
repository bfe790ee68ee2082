import { CHAT_TERMS_AGREE_MESSAGE } from '@shop/api-types';
import { words } from './text';

/** The languages the assistant answers in: English and (Kenyan) Swahili. */
export type Language = 'en' | 'sw';

/** A conversation that has said nothing yet is answered in English, as the shop's spec writes it. */
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Words that mark a message as Swahili: function words, the shop's verbs and nouns, numbers and
 * units, greetings and the Sheng shoppers mix in ('niaje', 'poa', 'fiti'). Product nouns count half:
 * 'how much is unga' is an English question about a Swahili word.
 */
const SWAHILI: Record<string, number> = weigh(
  1,
  `na ya wa za la cha vya kwa ni je mimi wewe yako yangu changu chako yetu yenu hii hiyo hizo hizi huyu
   nataka ninataka tunataka nahitaji ninahitaji naomba nipe niletee nionyeshe nioneshe onyesha angalia tazama ona
   ongeza weka toa ondoa punguza futa badilisha nunua kununua sitaki acha sitisha rudi lipa kulipa nilipe lipia maliza nimemaliza
   kikapu bei ngapi gani gharama pesa lita pakiti mfuko mifuko chupa debe nusu moja mbili tatu nne tano sita saba nane tisa kumi
   asante asanteni ahsante shukrani habari jambo hujambo sasa niaje mambo vipi poa fiti freshi sema aje manze msee
   ndio ndiyo hapana kwaheri karibu tafadhali msaada nisaidie mna mnauza kuna uko iko pia tu sana nini lini wapi kwanza pili mwisho
   ofa punguzo nafuu rahisi ghali nakubali nimekubali masharti oda mzigo kaunti kwenye katika kutoka vyote kila kitu zote yote
   leo kesho bado haya zipo ziko ipo nzuri kubwa ndogo hakuna sina nina una tuna ama au lakini kabisa ingine nyingine
   ipi ungependa ningependa samahani hapa huu tena zaidi kutoka`,
  0.5,
  `unga mchele mafuta ngano sukari maharagwe ndengu dengu kunde chakula kuku ugali sembe mahindi uji wali mtama wimbi nafaka mifugo ngombe nguruwe mbwa`,
);

/** Words that mark a message as English; product nouns count half, as in Swahili. */
const ENGLISH: Record<string, number> = weigh(
  1,
  `i im id ill you we my me mine our your the a an to of and or is are was be do does did have has had want wanna need would like
   please pls add remove delete take show view see find look looking search cart basket how much many what whats which where when who why
   price prices cost costs buy pay payment checkout order orders thanks thank hello hi hey good morning afternoon evening yes yeah no not dont
   help cancel decrease reduce increase change set more less some any can could give get for with in on from it this that these those
   one two three four five six seven eight nine ten packet packets bottle bottles bag bags litre litres liter liters half
   cheap cheapest expensive offer offers deal deals deliver delivery bye goodbye agree accept terms conditions there all everything
   clear empty just also only again now today here store shop sell available stock put into out of about tell`,
  0.5,
  `rice flour oil maize meal wheat beans sugar feed feeds porridge grams chicken`,
);

/** Replies too short to say a language: they keep the conversation's ('sawa', 'ok'). */
const ACKNOWLEDGEMENTS = new Set(['ok', 'okay', 'k', 'sawa', 'poa', 'haya', 'sure', 'fine', 'sawa sawa', 'ok sawa']);

function weigh(...lists: Array<number | string>): Record<string, number> {
  const table: Record<string, number> = {};
  for (let i = 0; i < lists.length; i += 2)
    for (const word of String(lists[i + 1])
      .split(/\s+/)
      .filter(Boolean))
      table[word] = lists[i] as number;
  return table;
}

/** How Swahili and how English a message reads: the sum of its marked words' weights. */
export function languageScores(message: string): { sw: number; en: number } {
  let sw = 0;
  let en = 0;
  for (const word of words(message)) {
    sw += SWAHILI[word] ?? 0;
    en += ENGLISH[word] ?? 0;
  }
  return { sw, en };
}

/**
 * The language to answer a message in. The widget's own messages (its buttons send the spec's
 * English words: 'Checkout', 'Add {product} to cart', the terms button, a place id, the address)
 * and short acknowledgements keep the conversation's language; otherwise the language that scores
 * higher wins, so a Sheng message ('niaje, nataka rice 2') goes to Swahili, and a tie keeps the
 * conversation's language.
 */
export function chooseLanguage(message: string, current: Language, isWidgetMessage: boolean): Language {
  if (isWidgetMessage) return current;
  const bare = words(message).join(' ');
  if (ACKNOWLEDGEMENTS.has(bare)) return current;
  const { sw, en } = languageScores(message);
  if (sw > en) return 'sw';
  if (en > sw) return 'en';
  return current;
}

/** Fixed messages the widget sends from its own controls, whatever language the shopper reads. */
const WIDGET_LITERALS = new Set(['Checkout', 'Try again', 'view_cart', 'remove_from_cart', CHAT_TERMS_AGREE_MESSAGE]);
/** The spec's product messages, sent by the product cards and the cart with the product's exact name. */
const WIDGET_PRODUCT_MESSAGES = [
  /^Add 1 more (.+) to cart$/,
  /^Add (.+) to cart$/,
  /^Remove (.+) from cart$/,
  /^Decrease (.+) quantity by 1$/,
];

/**
 * Whether a message is one the widget sends by itself, or says nothing of a language: a fixed
 * control, a place id or the address form, a product message naming a product exactly
 * (`isProductName`), or a product's name alone. A shopper typing 'add
 * rice to cart' writes English; a card's 'Add Nyota Pishori Rice 5kg to cart' says nothing of the
 * shopper's language.
 */
export function isWidgetMessage(message: string, isProductName: (name: string) => boolean): boolean {
  const text = message.trim();
  if (WIDGET_LITERALS.has(text) || /^\d{1,9}$/.test(text) || /^\d{1,9}\s*:\s*\d{1,9}\s*:/.test(text) || isProductName(text)) return true;
  return WIDGET_PRODUCT_MESSAGES.some((pattern) => {
    const match = pattern.exec(text);
    return match !== null && isProductName(match[1]!);
  });
}
