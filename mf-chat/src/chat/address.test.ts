import { CHAT_ADDRESS_MESSAGE } from '@shop/api-types';
import { addressDisplay, addressMessage, checkAddress, contactOf, EMPTY_ADDRESS, prefillAddress } from './address';

const complete = {
  first_name: 'Achieng',
  last_name: 'Atieno',
  phone: '0722 000-111',
  email: 'achieng@example.com',
  street: 'Moi Avenue 21',
  town: 'Mombasa',
  apartment: '',
};

afterEach(() => localStorage.clear());

describe('the chat address form', () => {
  it("joins 'county:subcounty:street:town:apartment' with the chosen ids, and no part can add a colon", () => {
    expect(addressMessage(complete, { countyId: 1, subCountyId: 4 })).toBe('1:4:Moi Avenue 21:Mombasa:');
    expect(addressMessage({ ...complete, street: ' Plot 7: Nyali Rd ', apartment: 'Flat 2' }, { countyId: 47, subCountyId: 274 })).toBe(
      '47:274:Plot 7 Nyali Rd:Mombasa:Flat 2',
    );
    expect(addressMessage(complete, { countyId: null, subCountyId: null })).toBe('::Moi Avenue 21:Mombasa:');
  });

  it('requires everything but the apartment, then a 10-digit phone and an email', () => {
    expect(checkAddress(EMPTY_ADDRESS)).toEqual({
      message: CHAT_ADDRESS_MESSAGE,
      invalid: ['first_name', 'last_name', 'phone', 'email', 'street', 'town'],
    });
    expect(checkAddress({ ...complete, town: ' ' })).toEqual({ message: CHAT_ADDRESS_MESSAGE, invalid: ['town'] });
    expect(checkAddress(complete)).toEqual({ message: null, invalid: [] });
    // Kenyan numbers as people write them are taken; what is still no phone has the checkout's message.
    for (const phone of ['+254 722 000 111', '254722000111', '0722 000 111', '722-000-111', '0110 123 456'])
      expect([phone, checkAddress({ ...complete, phone }).message]).toEqual([phone, null]);
    for (const phone of ['72200011', '+255 722 000 111', '0722 000 1111'])
      expect([phone, checkAddress({ ...complete, phone }).message]).toEqual([phone, 'Phone number must be 10 digits']);
    expect(checkAddress({ ...complete, email: 'achieng@' }).message).toBe('Invalid email format');
  });

  it('sends the contact trimmed, the phone in the one form the shop stores', () => {
    expect(contactOf({ ...complete, first_name: ' Achieng ' })).toEqual({
      first_name: 'Achieng',
      last_name: 'Atieno',
      phone: '0722000111',
      email: 'achieng@example.com',
    });
    expect(contactOf({ ...complete, phone: '+254 722 000 111' }).phone).toBe('0722000111');
    expect(contactOf({ ...complete, phone: '254722000111' }).phone).toBe('0722000111');
  });

  it('prefills from the checkout details, then the profile where those are empty; a corrupt prefill reads as empty', () => {
    localStorage.setItem(
      'checkout',
      JSON.stringify({ first_name: 'Achieng', last_name: '', phone: 722000111, street: 'Moi Avenue 21', county_id: 1 }),
    );
    expect(prefillAddress({ first_name: 'Juma', last_name: 'Otieno', phone: null, email: 'customer@example.com' })).toEqual({
      first_name: 'Achieng',
      last_name: 'Otieno',
      phone: '722000111',
      email: 'customer@example.com',
      street: 'Moi Avenue 21',
      town: '',
      apartment: '',
    });
    localStorage.setItem('checkout', '{oops');
    expect(prefillAddress()).toEqual(EMPTY_ADDRESS);
  });

  it("shows the shopper's bubble as an address, without repeating a town that is also the county", () => {
    expect(addressDisplay({ ...complete, apartment: 'Flat 2' }, ['Nyali', 'Mombasa'])).toBe('Moi Avenue 21, Flat 2, Mombasa, Nyali');
  });
});
