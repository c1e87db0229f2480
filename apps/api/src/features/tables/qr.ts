import { guestTablePath } from '@carta/contract/guest-paths';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// QR codes for tables: error correction H (30 %) leaves room for a small logo in the centre; a quiet zone
// of 4 modules, as ISO/IEC 18004 asks, or cheap phone cameras miss codes printed near a card's edge.
const QR_OPTIONS = { errorCorrectionLevel: 'H', margin: 4 } as const;

export const guestTableUrl = (publicUrl: string, clubId: number, tableId: number) =>
  `${publicUrl}${guestTablePath(clubId, tableId)}`;

export const qrPng = (url: string, width = 768) =>
  QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width });

export const qrSvg = (url: string) => QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });

const SCAN_LINES: Record<string, string> = {
  it: 'Inquadra per il menu',
  en: 'Scan for the menu',
  de: 'Scannen für die Speisekarte',
  fr: 'Scannez pour le menu',
  es: 'Escanea para ver la carta',
};

/**
 * The QR code as vector squares (a rectangle per run of dark modules in a row), quiet zone included in
 * `size`: sharp at any print size, and some twenty times faster than a PNG per card, which made a sheet of
 * a thousand tables take minutes.
 */
const drawQr = (document: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) => {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const unit = size / (modules.size + QR_OPTIONS.margin * 2);
  const left = x + QR_OPTIONS.margin * unit;
  const top = y + QR_OPTIONS.margin * unit;
  for (let row = 0; row < modules.size; row += 1) {
    let runStart = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      const isDark = column < modules.size && Boolean(modules.get(row, column));
      if (isDark && runStart < 0) runStart = column;
      if (!isDark && runStart >= 0) {
        document.rect(left + runStart * unit, top + row * unit, (column - runStart) * unit, unit);
        runStart = -1;
      }
    }
  }
  document.fillColor('#000000').fill();
};

/** One card per table, six to an A4 page: the club, the table, the code and "scan for the menu". */
export const qrSheetPdf = async (
  club: { name: string; languages: string[] },
  tables: { name: string; zoneName: string | null; url: string }[],
): Promise<Buffer> => {
  const document = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `${club.name}: QR`, Author: 'Carta' },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve) => document.on('end', () => resolve()));

  const lines = [...new Set(['it', ...club.languages])]
    .map((language) => SCAN_LINES[language])
    .filter(Boolean)
    .join(' · ');
  const columns = 2;
  const rows = 3;
  const pageWidth = document.page.width - 72;
  const pageHeight = document.page.height - 72;
  const cardWidth = pageWidth / columns;
  const cardHeight = pageHeight / rows;
  for (const [index, table] of tables.entries()) {
    const slot = index % (columns * rows);
    if (index > 0 && slot === 0) {
      document.addPage();
      // A sheet of many tables is long work: other requests are answered between its pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const x = 36 + (slot % columns) * cardWidth;
    const y = 36 + Math.floor(slot / columns) * cardHeight;
    document
      .roundedRect(x + 6, y + 6, cardWidth - 12, cardHeight - 12, 10)
      .lineWidth(0.8)
      .strokeColor('#bbbbbb')
      .stroke();
    document.fillColor('#241a1e').font('Helvetica-Bold').fontSize(14);
    document.text(club.name, x + 16, y + 18, {
      width: cardWidth - 32,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
    });
    document
      .font('Helvetica')
      .fontSize(12)
      // The zone too: "Tavolo 3" is in the hall and on the terrace, and the sheet is cut and handed out.
      .text(table.zoneName ? `${table.zoneName} · ${table.name}` : table.name, x + 16, y + 38, {
        width: cardWidth - 32,
        align: 'center',
        lineBreak: false,
        ellipsis: true,
      });
    const size = Math.min(cardWidth, cardHeight) - 100;
    drawQr(document, table.url, x + (cardWidth - size) / 2, y + 58, size);
    document
      .fontSize(9)
      .fillColor('#5f5357')
      .text(lines, x + 16, y + 62 + size, { width: cardWidth - 32, align: 'center' });
  }
  document.end();
  await finished;
  return Buffer.concat(chunks);
};
