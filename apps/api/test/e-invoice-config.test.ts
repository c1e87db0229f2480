import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { testConfig } from './helpers.ts';

// The seller's FatturaPA data and where files go (docs/decisions/0062): INVOICE_SELLER_* keeps working,
// the address parts are read from INVOICE_SELLER_ADDRESS unless set one by one.

describe('e-invoice configuration', () => {
  it('reads the seller’s address parts from INVOICE_SELLER_ADDRESS by default', () => {
    expect(testConfig().seller).toEqual({
      name: 'Carta S.r.l.',
      vatNumber: 'IT12345678903',
      addressLines: ['Via Roma 1', '20121 Milano MI'],
      country: 'IT',
      street: 'Via Roma 1',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
      fiscalCode: '12345678903',
      taxRegime: 'RF01',
    });
    expect(
      testConfig({
        INVOICE_SELLER_ADDRESS: 'Corso Italia 5 | 00198 Roma RM',
        INVOICE_SELLER_VAT_NUMBER: '00743110157',
      }).seller,
    ).toMatchObject({
      street: 'Corso Italia 5',
      postalCode: '00198',
      city: 'Roma',
      province: 'RM',
      fiscalCode: '00743110157',
    });
  });

  it('takes each part from its own variable, and says which is missing', () => {
    const seller = testConfig({
      INVOICE_SELLER_ADDRESS: 'Carta S.r.l. | Palazzo Verdi, piano 3',
      INVOICE_SELLER_STREET: 'Via Verdi 3',
      INVOICE_SELLER_POSTAL_CODE: '10121',
      INVOICE_SELLER_CITY: 'Torino',
      INVOICE_SELLER_PROVINCE: 'TO',
      INVOICE_SELLER_FISCAL_CODE: 'RSSMRA85T10A562S',
      INVOICE_SELLER_TAX_REGIME: 'RF19',
    }).seller;
    expect(seller).toMatchObject({
      street: 'Via Verdi 3',
      postalCode: '10121',
      city: 'Torino',
      province: 'TO',
      fiscalCode: 'RSSMRA85T10A562S',
      taxRegime: 'RF19',
    });
    expect(() => testConfig({ INVOICE_SELLER_ADDRESS: 'Somewhere in Milan' })).toThrow(
      /INVOICE_SELLER_STREET, INVOICE_SELLER_POSTAL_CODE, INVOICE_SELLER_CITY: required/,
    );
    expect(() => testConfig({ INVOICE_SELLER_POSTAL_CODE: '2012' })).toThrow(/INVOICE_SELLER_POSTAL_CODE/);
    expect(() => testConfig({ INVOICE_SELLER_TAX_REGIME: 'RF99' })).toThrow(ConfigError);
  });

  it('writes files to DATA_DIR/sdi-outbox unless an intermediary is configured, with its token', () => {
    expect(testConfig({ DATA_DIR: '/srv/carta' }).sdi).toEqual({
      kind: 'outbox',
      directory: '/srv/carta/sdi-outbox',
    });
    expect(
      testConfig({ SDI_PROVIDER_URL: 'https://sdi.example.com/v1/', SDI_PROVIDER_TOKEN: 'secret' }).sdi,
    ).toEqual({
      kind: 'http',
      url: 'https://sdi.example.com/v1',
      token: 'secret',
    });
    expect(() => testConfig({ SDI_PROVIDER_URL: 'https://sdi.example.com' })).toThrow(
      /SDI_PROVIDER_TOKEN: required when SDI_PROVIDER_URL is set/,
    );
    expect(testConfig().vies).toEqual({
      isEnabled: false,
      url: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
    });
  });
});
