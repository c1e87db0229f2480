import { describe, expect, it } from 'vitest';
import { qrSheetFileName } from '../src/tables.ts';

describe('the QR print sheet file name', () => {
  it('names the club and, when the sheet holds one zone, the zone', () => {
    expect(qrSheetFileName('Osteria Demo', ['Terrazza', 'Terrazza'])).toBe(
      'carta-qr-osteria-demo-terrazza.pdf',
    );
    expect(qrSheetFileName("Caffè dell'Àrco", [null])).toBe('carta-qr-caffe-dell-arco.pdf');
    expect(qrSheetFileName('Osteria Demo', ['Terrazza', 'Sala'])).toBe('carta-qr-osteria-demo.pdf');
  });
});
